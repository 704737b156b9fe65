import type { RouteContract } from '@obp/contracts';

/**
 * Every route of `routes` the edge forwards, each with the upstream of the service its contract names.
 * Routes of `servedHere` (the edge's own, and those every service serves itself) stay. A route naming a
 * service with no upstream is refused: the edge would otherwise start and answer 404 for it.
 */
export function forwardedRoutes<U>(routes: readonly RouteContract[], upstreams: ReadonlyMap<string, U>, servedHere: ReadonlySet<string>): Array<{ contract: RouteContract; upstream: U }> {
  const unknown = routes.filter((route) => !servedHere.has(route.service) && !upstreams.has(route.service));
  if (unknown.length > 0) {
    const known = [...upstreams.keys()].join(', ');
    const lines = unknown.map((route) => `${route.method.toUpperCase()} ${route.path} names the service '${route.service}'`);
    throw new Error(
      `The edge cannot forward ${unknown.length === 1 ? 'a route' : `${unknown.length} routes`}: ${lines.join('; ')}, which the platform manifest (@obp/platform) does not know, so the edge has no URL for it (it forwards to ${known}).`,
    );
  }
  return routes.filter((route) => upstreams.has(route.service)).map((contract) => ({ contract, upstream: upstreams.get(contract.service)! }));
}
