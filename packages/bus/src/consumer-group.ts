/** A consumer group id inside the deployment's NAMESPACE, so parallel stacks never share a group. */
export const consumerGroup = (namespace: string, name: string): string => (namespace ? `${namespace}.${name}` : name);
