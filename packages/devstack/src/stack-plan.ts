import { gateway, platformServices, upstreamServices } from '@obp/platform';

/** One service as `npm start` runs it: its port and the settings it gets besides the stack's own. */
export interface PlannedService {
  name: string;
  port: number;
  env: Record<string, string>;
}

/**
 * What `npm start` (scripts/stack.sh) runs, from the platform manifest: every service on its port (its
 * `portEnv`, e.g. SHARE_PORT, moves it), those behind the edge first, each verifying tokens with the edge's
 * keys, then the edge with the URL of each. `TOKEN_ISSUER` is where apps reach the edge (consent links point there).
 */
export function stackPlan(env: NodeJS.ProcessEnv): PlannedService[] {
  const portOf = (name: string) => {
    const service = platformServices.find((s) => s.name === name)!;
    const set = env[service.portEnv];
    if (set === undefined || set === '') return service.port;
    if (!/^\d+$/.test(set) || Number(set) > 65535) throw new Error(`${service.portEnv} must be a port number, not '${set}'`);
    return Number(set);
  };
  const edgePort = portOf(gateway.name);
  const issuer = env.TOKEN_ISSUER || `http://localhost:${edgePort}`;
  const behind = upstreamServices.map((s) => ({
    name: s.name,
    port: portOf(s.name),
    env: { JWKS_URL: `http://127.0.0.1:${edgePort}/.well-known/jwks.json`, PUBLIC_BASE_URL: issuer },
  }));
  const urls = Object.fromEntries(upstreamServices.map((s) => [s.edgeUrlEnv, `http://127.0.0.1:${portOf(s.name)}`]));
  return [...behind, { name: gateway.name, port: edgePort, env: urls }];
}

/** The plan as scripts/stack.sh reads it: a line a service, `<name> <port> NAME=value…`. */
export const stackPlanLines = (env: NodeJS.ProcessEnv): string =>
  stackPlan(env)
    .map((s) => [s.name, String(s.port), ...Object.entries(s.env).map(([key, value]) => `${key}=${value}`)].join(' '))
    .join('\n');
