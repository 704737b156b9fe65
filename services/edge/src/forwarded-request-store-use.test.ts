import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectDatabase } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { loadEdgeConfig } from './config';
import { startEdgeService, type EdgeServiceHandle } from './edge-service';

const cleanup = new Cleanup();
afterEach(() => cleanup.run());

const ADMIN_TOKEN = 'admin-token-of-the-store-use-test';

/** The share service as the edge sees it: a real server answering every read with a share. */
async function shareServiceStandIn(): Promise<string> {
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data: { id: req.url!.split('/').pop() } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.add(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('a forwarded request at the edge', () => {
  it('costs no store command of its own: the token, the app’s limit and its rate-limit blocks come from memory, a block claimed per 20 requests', async () => {
    const commands: string[] = [];
    const env = {
      MONGODB_URI: testEnv().mongoUri,
      KAFKA_BROKERS: testEnv().kafkaBrokers.join(','),
      EDGE_DB_NAME: uniqueDbName('edge_store_use'),
      TOKEN_ISSUER: 'http://edge.test',
      ADMIN_TOKEN,
      SHARE_SERVICE_URL: await shareServiceStandIn(),
      PORT: '0',
      // No key reload within the test: its reads are not a request's.
      SIGNING_KEY_RELOAD_MS: '600000',
      // Blocks of 20 requests (100 a second, 200 at once): the default limit.
      RATE_LIMIT_BURST: '200',
      RATE_LIMIT_PER_SECOND: '100',
    };
    cleanup.add(async () => {
      const db = await connectDatabase(env.MONGODB_URI, env.EDGE_DB_NAME);
      await db.dropDatabase();
      await db.close();
    });
    const edge: EdgeServiceHandle = await startEdgeService(loadEdgeConfig(env), {
      logger: createLogger('edge', 'silent'),
      onDatabaseCommand: (event) => commands.push(`${event.commandName} ${String(event.command[event.commandName] ?? '')}`),
    });
    cleanup.add(() => edge.stop());
    const base = `http://127.0.0.1:${edge.port()}`;

    const registered = await fetch(`${base}/admin/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'reader-app', name: 'Reader', scopes: ['customer-api'], redirectUrls: ['https://example.com'] }),
    });
    expect(registered.status).toBe(201);
    const client = (await registered.json()) as { clientId: string; clientSecret: string };
    const tokenAnswer = await fetch(`${base}/connect/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, scope: 'customer-api' }),
    });
    const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
    const read = (i: number) => fetch(`${base}/shares/share-${i}`, { headers: { authorization: `Bearer ${token}` } });

    // The app's first request reads its limit and claims its first block.
    expect((await read(0)).status).toBe(200);
    const before = commands.length;
    for (let i = 1; i <= 100; i++) {
      const res = await read(i);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: { id: `share-${i}` } });
    }
    const during = commands.slice(before).filter((command) => !command.startsWith('getMore') && !/^(hello|ismaster|isMaster|ping)\b/.test(command));
    // 101 requests of the app: its blocks of 20 (the first claimed by request 0, the next ones each claimed ahead), and nothing else.
    expect(during.every((command) => command === 'insert rate_limit_blocks')).toBe(true);
    expect(during.length).toBeGreaterThanOrEqual(4);
    expect(during.length).toBeLessThanOrEqual(5);
  });
});
