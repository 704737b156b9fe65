import { apiRoutes, defineRoutes, healthRoutes, json, metricsRoutes, z } from '@obp/contracts';
import { upstreamServices } from '@obp/platform';
import { forwardedRoutes } from './forwarded-routes';

const upstreams = new Map(upstreamServices.map((service) => [service.name, `upstream of ${service.name}`]));
const servedHere = new Set(['edge', ...[...Object.values(healthRoutes), ...Object.values(metricsRoutes)].map((route) => route.service)]);

const ledgerRoutes = defineRoutes(
  { service: 'ledger', tags: ['Ledger'] },
  { listEntries: { method: 'get', path: '/ledger-entries', auth: { scope: 'customer-api' }, summary: 'Entries', responses: { 200: json('Entries', z.array(z.string())) } } },
);

describe('the routes the edge forwards', () => {
  it('forwards every route of the API to the upstream of the service its contract names, and keeps its own and every service’s health routes', () => {
    const forwarded = forwardedRoutes(apiRoutes, upstreams, servedHere);
    expect(forwarded.length).toBeGreaterThan(0);
    for (const { contract, upstream } of forwarded) expect(upstream).toBe(`upstream of ${contract.service}`);
    const kept = apiRoutes.filter((route) => !forwarded.some((f) => f.contract === route));
    expect(new Set(kept.map((route) => route.service))).toEqual(servedHere);
    expect(new Set(forwarded.map((f) => f.contract.service))).toEqual(new Set(upstreams.keys()));
  });

  it('refuses a route whose service the platform manifest does not know, naming the service and the route', () => {
    expect(() => forwardedRoutes([...apiRoutes, ...Object.values(ledgerRoutes)], upstreams, servedHere)).toThrow(
      /GET \/ledger-entries names the service 'ledger', which the platform manifest \(@obp\/platform\) does not know/,
    );
  });

  it('refuses a route of a service the edge has no URL for', () => {
    const withoutFeedback = new Map([...upstreams].filter(([name]) => name !== 'feedback'));
    expect(() => forwardedRoutes(apiRoutes, withoutFeedback, servedHere)).toThrow(/names the service 'feedback'.*the edge has no URL for it/);
  });
});
