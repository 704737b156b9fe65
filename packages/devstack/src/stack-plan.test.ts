import { gateway, upstreamServices } from '@obp/platform';
import { stackPlan, stackPlanLines } from './stack-plan';

describe('what npm start runs (stackPlan, from the platform manifest)', () => {
  it('starts every service behind the edge on its port, verifying tokens with the edge’s keys, then the edge with the URL of each', () => {
    const plan = stackPlan({});
    expect(plan.map((s) => s.name)).toEqual([...upstreamServices.map((s) => s.name), gateway.name]);
    for (const s of upstreamServices) {
      expect(plan.find((p) => p.name === s.name)).toEqual({ name: s.name, instance: s.name, port: s.port, env: { JWKS_URL: `http://127.0.0.1:${gateway.port}/.well-known/jwks.json`, PUBLIC_BASE_URL: `http://localhost:${gateway.port}` } });
    }
    expect(plan.at(-1)!.env).toEqual(Object.fromEntries(upstreamServices.map((s) => [s.edgeUrlEnv, `http://127.0.0.1:${s.port}`])));
  });

  it('moves a service by its port setting, and the edge’s URL of it with it', () => {
    const share = upstreamServices[0]!;
    const plan = stackPlan({ [share.portEnv]: '19001', [gateway.portEnv]: '19000', TOKEN_ISSUER: 'https://api.example.test' });
    expect(plan.find((p) => p.name === share.name)).toMatchObject({ port: 19001, env: { JWKS_URL: 'http://127.0.0.1:19000/.well-known/jwks.json', PUBLIC_BASE_URL: 'https://api.example.test' } });
    expect(plan.at(-1)).toMatchObject({ port: 19000, env: { [share.edgeUrlEnv]: 'http://127.0.0.1:19001' } });
    expect(stackPlanLines({ [share.portEnv]: '19001' }).split('\n')[0]).toBe(`${share.name} ${share.name} 19001 JWKS_URL=http://127.0.0.1:${gateway.port}/.well-known/jwks.json PUBLIC_BASE_URL=http://localhost:${gateway.port}`);
  });

  it('runs SERVICE_REPLICAS instances of every service behind the edge, a hundred ports apart, and gives the edge all of them', () => {
    const plan = stackPlan({ SERVICE_REPLICAS: '2' });
    expect(plan).toHaveLength(2 * upstreamServices.length + 1);
    for (const s of upstreamServices) {
      expect(plan.filter((p) => p.name === s.name).map((p) => [p.instance, p.port])).toEqual([
        [s.name, s.port],
        [`${s.name}-2`, s.port + 100],
      ]);
      expect(plan.at(-1)!.env[s.edgeUrlEnv]).toBe(`http://127.0.0.1:${s.port},http://127.0.0.1:${s.port + 100}`);
    }
    expect(plan.filter((p) => p.name === gateway.name)).toHaveLength(1);
    expect(() => stackPlan({ SERVICE_REPLICAS: 'two' })).toThrow("SERVICE_REPLICAS must be a number from 1 to 9, not 'two'");
  });

  it('refuses a port setting that is not a port, naming it', () => {
    expect(() => stackPlan({ [gateway.portEnv]: 'eighty' })).toThrow(`${gateway.portEnv} must be a port number, not 'eighty'`);
  });
});
