import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { API_AUDIENCE } from '@obp/auth';
import { openApiDocument, Scopes } from '@obp/contracts';
import { loadShareConfig, startShareService, type ShareServiceHandle } from '@obp/share';
import { testEnv, uniqueDbName, uniqueName, waitFor } from '@obp/testkit';

const ISSUER = 'http://issuer.test';
const KID = 'outbox-backlog-test';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const token = jwt.sign({ client_id: 'backlog-app', scope: Scopes.customerApi }, privateKey, { algorithm: 'RS256', keyid: KID, issuer: ISSUER, audience: API_AUDIENCE, expiresIn: 600 });

/**
 * The bound on a service's unpublished events, as a client meets it: the share service with an outbox bound of 5
 * (`OUTBOX_BACKLOG_LIMIT`) and its relay stopped, so nothing it writes is published until the test publishes it.
 */
describe('share writes while the outbox is backed up (real Kafka and store)', () => {
  let share: ShareServiceHandle;

  beforeAll(async () => {
    const env = testEnv();
    share = await startShareService(
      loadShareConfig({
        PORT: '0',
        NAMESPACE: uniqueName('backlog').toLowerCase(),
        MONGODB_URI: env.mongoUri,
        KAFKA_BROKERS: env.kafkaBrokers.join(','),
        SHARE_DB_NAME: uniqueDbName('share'),
        TOKEN_ISSUER: ISSUER,
        KAFKA_FETCH_MAX_WAIT_MS: '1000',
        LOG_LEVEL: 'silent',
        OUTBOX_BACKLOG_LIMIT: '5',
      }),
      { resolveKey: async (kid) => (kid === KID ? publicKey : undefined) },
    );
    await share.relay.stop();
  }, 120_000);
  afterAll(async () => {
    await share?.stop();
  });

  const post = (reference: string) => request(share.app).post('/shares').set('authorization', `Bearer ${token}`).send({ clientId: 'partner-app', reference });

  it('refuses writes that add events with 503 and Retry-After once 5 shares wait to be published, writes nothing, still answers reads, and takes writes again once they are published', async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post(`admitted-${i}`);
      expect(res.status).toBe(200);
      created.push((res.body as { data: string }).data);
    }
    expect(await share.relay.pendingCount()).toBe(5);

    const refused = await post('refused');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ status: 503, code: 'outbox_backlog' });
    const shareId = created[0]!;
    expect((await request(share.app).put(`/shares/${shareId}`).set('authorization', `Bearer ${token}`).send({})).status).toBe(503);
    expect((await request(share.app).delete(`/shares/${shareId}`).set('authorization', `Bearer ${token}`)).status).toBe(503);
    // Nothing of the refused writes was written; reads are answered as ever.
    const list = await request(share.app).get('/shares').set('authorization', `Bearer ${token}`);
    expect(list.status).toBe(200);
    expect((list.body as { data: Array<{ reference: string }> }).data.map((s) => s.reference).sort()).toEqual(created.map((_, i) => `admitted-${i}`));
    expect((await request(share.app).get(`/shares/${shareId}`).set('authorization', `Bearer ${token}`)).status).toBe(200);
    expect(await share.relay.pendingCount()).toBe(5);
    // Before the token check nothing is said about the backlog.
    expect((await request(share.app).post('/shares').send({ clientId: 'partner-app', reference: 'anonymous' })).status).toBe(401);

    while ((await share.relay.publishPending()) > 0);
    const admitted = await waitFor(
      async () => {
        const res = await post('after');
        return res.status === 200 ? res : undefined;
      },
      { what: 'a write admitted once the outbox is published', timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(admitted.status).toBe(200);
  });

  it('is the contract: the OpenAPI document names the outbox_backlog 503 on the routes that write share events, and only there', () => {
    const paths = openApiDocument('http://localhost').paths as Record<string, Record<string, { responses: Record<string, { description: string; headers?: Record<string, unknown> }> }>>;
    for (const [path, method] of [['/shares', 'post'], ['/shares/{shareId}', 'put'], ['/shares/{shareId}', 'delete']] as const) {
      const answer = paths[path]![method]!.responses['503']!;
      expect(answer.description).toContain('`outbox_backlog`');
      expect(answer.headers).toHaveProperty('Retry-After');
    }
    for (const [path, method] of [['/shares', 'get'], ['/shares/{shareId}', 'get']] as const) expect(paths[path]![method]!.responses['503']!.description).not.toContain('outbox_backlog');
  });
});
