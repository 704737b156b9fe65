import { apiRoutes, healthRoutes, metricsRoutes, topicSpecs } from '@obp/contracts';
import { gateway, platformService, platformServices, serviceNames, upstreamServices } from './manifest';

const distinct = (values: readonly unknown[]) => expect(new Set(values).size).toBe(values.length);

describe('the platform manifest', () => {
  it('names each service, port, port setting, database and database setting once', () => {
    distinct(platformServices.map((s) => s.name));
    distinct(platformServices.map((s) => s.port));
    distinct(platformServices.map((s) => s.portEnv));
    distinct(platformServices.map((s) => s.database.env));
    distinct(platformServices.map((s) => s.database.name));
    distinct(upstreamServices.map((s) => s.edgeUrlEnv));
    for (const s of platformServices) {
      expect(s.name).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(s.database.env).toMatch(/^[A-Z][A-Z0-9_]*_DB_NAME$/);
      expect(s.portEnv).toMatch(/^[A-Z][A-Z0-9_]*_PORT$/);
      expect(s.resources.replicas.min).toBeGreaterThanOrEqual(2);
      expect(s.resources.replicas.max).toBeGreaterThanOrEqual(s.resources.replicas.min);
    }
  });

  it('has one gateway, which forwards to every other service', () => {
    expect(platformServices.filter((s) => s.component === 'gateway').map((s) => s.name)).toEqual(['edge']);
    expect(upstreamServices.map((s) => s.name)).toEqual(serviceNames.filter((name) => name !== gateway.name));
  });

  it('knows every service a route contract names (the edge refuses to start otherwise)', () => {
    const servedByEvery = new Set([...Object.values(healthRoutes), ...Object.values(metricsRoutes)].map((route) => route.service));
    const named = new Set(apiRoutes.map((route) => route.service).filter((service) => !servedByEvery.has(service)));
    expect([...named].filter((service) => !serviceNames.includes(service as never))).toEqual([]);
  });

  it('gives every topic one owner', () => {
    const owners = topicSpecs.map(({ topic }) => platformServices.filter((s) => (s.topics as readonly string[]).includes(topic)).map((s) => s.name));
    expect(owners.filter((names) => names.length !== 1)).toEqual([]);
    expect(platformServices.flatMap((s) => s.topics).sort()).toEqual(topicSpecs.map((t) => t.topic).sort());
  });

  it('finds a service by name, and names the ones it has when asked for another', () => {
    expect(platformService('share').port).toBe(platformServices.find((s) => s.name === 'share')!.port);
    expect(() => platformService('ledger')).toThrow("the platform manifest (@obp/platform) has no service 'ledger'; it has edge, share,");
  });
});
