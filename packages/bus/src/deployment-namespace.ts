/**
 * A topic's or consumer group's name inside the deployment's NAMESPACE (`NAMESPACE.` before it when
 * one is set), so parallel stacks on one cluster never share a topic or a group.
 */
export const inNamespace = (namespace: string, name: string): string => (namespace ? `${namespace}.${name}` : name);
