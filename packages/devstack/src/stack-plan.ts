import { gateway, platformServices, upstreamServices } from '@obp/platform';

/** One process as `npm start` runs it: the service, which instance of it, its port and the settings it gets besides the stack's own. */
export interface PlannedService {
  name: string;
  /** The service's name for its first instance, `<name>-<n>` for the n-th: its log and pid files. */
  instance: string;
  port: number;
  env: Record<string, string>;
}

/** The n-th instance of a service (from 2) listens this far above the first. */
export const INSTANCE_PORT_STEP = 100;

/**
 * What `npm start` (scripts/stack.sh) runs, from the platform manifest: every service on its port (its
 * `portEnv`, e.g. SHARE_PORT, moves it), those behind the edge first, each verifying tokens with the edge's
 * keys, then the edge with the URL of each. `TOKEN_ISSUER` is where apps reach the edge (consent links point there).
 * `SERVICE_REPLICAS=n` runs n instances of every service behind the edge (the n-th on the port
 * + (n-1)·100), and the edge takes them in turn.
 */
export function stackPlan(env: NodeJS.ProcessEnv): PlannedService[] {
  const portOf = (name: string) => {
    const service = platformServices.find((s) => s.name === name)!;
    const set = env[service.portEnv];
    if (set === undefined || set === '') return service.port;
    if (!/^\d+$/.test(set) || Number(set) > 65535) throw new Error(`${service.portEnv} must be a port number, not '${set}'`);
    return Number(set);
  };
  const replicasSet = env.SERVICE_REPLICAS;
  if (replicasSet !== undefined && replicasSet !== '' && !/^[1-9]$/.test(replicasSet)) throw new Error(`SERVICE_REPLICAS must be a number from 1 to 9, not '${replicasSet}'`);
  const replicas = replicasSet ? Number(replicasSet) : 1;
  const edgePort = portOf(gateway.name);
  const issuer = env.TOKEN_ISSUER || `http://localhost:${edgePort}`;
  const instancesOf = (name: string) =>
    Array.from({ length: replicas }, (_, i) => ({ instance: i === 0 ? name : `${name}-${i + 1}`, port: portOf(name) + i * INSTANCE_PORT_STEP }));
  const behind = upstreamServices.flatMap((s) =>
    instancesOf(s.name).map(({ instance, port }) => ({
      name: s.name,
      instance,
      port,
      env: { JWKS_URL: `http://127.0.0.1:${edgePort}/.well-known/jwks.json`, PUBLIC_BASE_URL: issuer },
    })),
  );
  const urls = Object.fromEntries(upstreamServices.map((s) => [s.edgeUrlEnv, instancesOf(s.name).map(({ port }) => `http://127.0.0.1:${port}`).join(',')]));
  return [...behind, { name: gateway.name, instance: gateway.name, port: edgePort, env: urls }];
}

/** The plan as scripts/stack.sh reads it: a line a process, `<instance> <service> <port> NAME=value…`. */
export const stackPlanLines = (env: NodeJS.ProcessEnv): string =>
  stackPlan(env)
    .map((s) => [s.instance, s.name, String(s.port), ...Object.entries(s.env).map(([key, value]) => `${key}=${value}`)].join(' '))
    .join('\n');
