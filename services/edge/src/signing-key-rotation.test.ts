import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { API_AUDIENCE, createTokenVerifier, jwksKeyResolver } from '@obp/auth';
import { connectDatabase } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { Cleanup, freePort, repoRoot, testEnv, uniqueDbName, uniqueName, waitFor } from '@obp/testkit';
import { loadEdgeConfig } from './config';
import { startEdgeService, type EdgeServiceHandle } from './edge-service';
import { SigningKeyStore } from './oauth/signing-keys';

const ISSUER = 'http://edge.test';
const WAIT = { timeoutMs: 30_000 };
const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const exec = promisify(execFile);

/** The command as an operator runs it from source, on the edges' database: the JSON lines it prints. */
async function rotateCommand(env: NodeJS.ProcessEnv, args: string[]): Promise<Array<Record<string, unknown>>> {
  const { stdout } = await exec(process.execPath, ['--require', 'tsx/cjs', join(__dirname, 'cli', 'rotate-signing-key.ts'), ...args], { cwd: repoRoot, env: { ...process.env, ...env } });
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const kidOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as { kid: string }).kid;
const baseUrl = (edge: EdgeServiceHandle) => `http://127.0.0.1:${edge.port()}`;

async function tokenFrom(edge: EdgeServiceHandle, client: { clientId: string; clientSecret: string }): Promise<string> {
  const res = await fetch(`${baseUrl(edge)}/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function publishedKids(edge: EdgeServiceHandle): Promise<string[]> {
  return ((await (await fetch(`${baseUrl(edge)}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid);
}

/** A service's token check: the issuer's JWKS, read again for an unknown kid (at most every 100 ms here). */
const serviceVerifier = (edge: EdgeServiceHandle) =>
  createTokenVerifier({ issuer: ISSUER, audience: API_AUDIENCE, resolveKey: jwksKeyResolver(`${baseUrl(edge)}/.well-known/jwks.json`, 100), cacheSize: 0 });

describe('rotate-signing-key', () => {
  it('every edge publishes the new key, then signs with it; tokens of the old key verify until it is retired', async () => {
    const env = {
      MONGODB_URI: testEnv().mongoUri,
      KAFKA_BROKERS: testEnv().kafkaBrokers.join(','),
      EDGE_DB_NAME: uniqueDbName('edge_keys'),
      TOKEN_ISSUER: ISSUER,
      SIGNING_KEY_RELOAD_MS: '200',
      RATE_LIMIT_ENABLED: 'false',
    };
    // Dropped after the edges stopped (cleanup runs in reverse), so no reload recreates a key in it.
    cleanup.add(async () => {
      const db = await connectDatabase(env.MONGODB_URI, env.EDGE_DB_NAME);
      await db.dropDatabase();
      await db.close();
    });
    const edges: EdgeServiceHandle[] = [];
    for (let i = 0; i < 2; i++) {
      const edge = await startEdgeService(loadEdgeConfig({ ...env, PORT: String(await freePort()) }), { logger: createLogger('edge', 'silent') });
      cleanup.add(() => edge.stop());
      edges.push(edge);
    }
    const [first, second] = edges as [EdgeServiceHandle, EdgeServiceHandle];
    const registered = await first.registerClient.execute({ clientId: uniqueName('app'), scopes: ['customer-api'], redirectUrls: ['https://example.com'] });
    if (!registered.ok) throw registered.error;
    const client = registered.value;
    const oldToken = await tokenFrom(second, client);
    const oldKid = kidOf(oldToken);

    await expect(rotateCommand(env, ['--activate-in-seconds', '1'])).rejects.toThrow(/at least 5\.2/);
    const [rotation] = await rotateCommand(env, ['--activate-in-seconds', '6']);
    expect(rotation).toMatchObject({ previousKid: oldKid });
    const newKid = String(rotation!.kid);
    for (const edge of edges) await waitFor(async () => (await publishedKids(edge)).includes(newKid), { ...WAIT, what: 'every edge to publish the new key' });
    for (const edge of edges) await waitFor(async () => kidOf(await tokenFrom(edge, client)) === newKid, { ...WAIT, intervalMs: 500, what: 'every edge to sign with the new key once it is active' });

    const newToken = await tokenFrom(first, client);
    for (const edge of edges) {
      await expect(serviceVerifier(edge)(oldToken)).resolves.toMatchObject({ clientId: client.clientId });
      await expect(serviceVerifier(edge)(newToken)).resolves.toMatchObject({ clientId: client.clientId });
    }
    expect((await rotateCommand(env, ['--list'])).map((k) => [k.kid, k.status])).toEqual([
      [newKid, 'signing'],
      [oldKid, 'published'],
    ]);

    await expect(rotateCommand(env, ['--retire', newKid])).rejects.toThrow(/signs tokens/);
    expect(await rotateCommand(env, ['--retire', oldKid])).toEqual([{ retired: oldKid, wasPublished: true }]);
    for (const edge of edges) await waitFor(async () => !(await publishedKids(edge)).includes(oldKid), { ...WAIT, what: 'every edge to withdraw the retired key' });
    await expect(serviceVerifier(second)(oldToken)).rejects.toThrow(/unknown signing key/);
    await expect(serviceVerifier(second)(newToken)).resolves.toMatchObject({ clientId: client.clientId });
  }, 90_000);

  it('a rotated key is published at once and signs only from its activation; the one it replaces signs until then', async () => {
    const db = await connectDatabase(testEnv().mongoUri, uniqueDbName('edge_keys'));
    cleanup.add(async () => {
      await db.dropDatabase();
      await db.close();
    });
    const keys = new SigningKeyStore(db);
    await keys.load();
    const before = keys.active().kid;
    const now = new Date();
    const { kid, previousKid, activatesAt } = await keys.rotate(60_000, now);

    expect(previousKid).toBe(before);
    expect(activatesAt).toEqual(new Date(now.getTime() + 60_000));
    expect(keys.jwks().keys.map((k) => k.kid).sort()).toEqual([before, kid].sort());
    expect(keys.active(new Date(now.getTime() + 59_999)).kid).toBe(before);
    expect(keys.active(activatesAt).kid).toBe(kid);
    await expect(keys.retire(before)).rejects.toThrow(/signs tokens/);
    expect((await keys.list(now)).map((k) => [k.kid, k.status])).toEqual([
      [kid, 'next'],
      [before, 'signing'],
    ]);
  });
});
