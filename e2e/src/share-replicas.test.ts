import type { ShareServiceHandle } from '@obp/share';
import { waitFor } from '@obp/testkit';
import { startStack, type Stack, type TestClient } from './harness';

let stack: Stack;
let replica: ShareServiceHandle;
let owner: TestClient;
let partner: TestClient;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  replica = await stack.startShareReplica();
  [owner, partner] = [await stack.registerClient(), await stack.registerClient()];
  token = await stack.token(owner);
});
afterAll(() => stack.stop());

/** GET /shares/{id} on the second replica, straight to its port (the edge routes to the first). */
const readOnReplica = async (shareId: string) => {
  const res = await fetch(`http://127.0.0.1:${replica.port()}/shares/${shareId}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as { data: { expirationDateUtc: string } }) : undefined };
};

describe('share reads on several replicas, each with its own cache', () => {
  it('a replica that cached a share sees another replica’s update and deletion (the share events evict it)', async () => {
    const api = stack.clientWithToken(token);
    const shareId = (await api.POST('/shares', { body: { clientId: partner.clientId, expirationDateUtc: '2030-01-01T00:00:00Z' } })).data.data;
    // The replica caches it (the TTL, a minute, is far longer than any wait below).
    expect(await readOnReplica(shareId)).toMatchObject({ status: 200, body: { data: { expirationDateUtc: '2030-01-01T00:00:00.000Z' } } });
    expect(await readOnReplica(shareId)).toMatchObject({ status: 200, body: { data: { expirationDateUtc: '2030-01-01T00:00:00.000Z' } } });

    expect((await api.PUT('/shares/{shareId}', { params: { path: { shareId } }, body: { expirationDateUtc: '2031-02-03T04:05:06Z' } })).response.status).toBe(204);
    await waitFor(async () => (await readOnReplica(shareId)).body?.data.expirationDateUtc === '2031-02-03T04:05:06.000Z', { what: 'the update on the replica' });

    expect((await api.DELETE('/shares/{shareId}', { params: { path: { shareId } } })).response.status).toBe(204);
    await waitFor(async () => (await readOnReplica(shareId)).status === 404, { what: 'the deletion on the replica' });
  });

  it('reports the cache listener in each replica’s readiness', async () => {
    for (const port of [stack.share.port(), replica.port()]) {
      const health = (await (await fetch(`http://127.0.0.1:${port}/health/ready`)).json()) as { checks: Record<string, string> };
      expect(health.checks.sharesCache).toBe('ok');
    }
  });
});
