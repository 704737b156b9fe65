import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { analysisService } from '@obp/analysis';
import { connectDatabase, database } from '@obp/db';
import { platformServices, upstreamServices } from '@obp/platform';
import { freePort, repoRoot, testEnv, uniqueName } from '@obp/testkit';
import { ServiceProcess } from './faults/service-process';

/**
 * `npm run build` makes plain JavaScript that node runs alone: every service starts from dist/ with the
 * images' command line against the suite's Kafka and store and becomes ready, a request goes through
 * the built edge to the built share service with a client the built CLI registered and shows in its
 * /metrics (which reads the providers the preload set up), and no process loads TypeScript. Node's module log (NODE_DEBUG=module) names every file a process loads: tsx, or a
 * .ts file, would be among them.
 */

const run = promisify(execFile);
const services = readdirSync(join(repoRoot, 'services')).filter((name) => existsSync(join(repoRoot, 'services', name, 'src/main.ts')));
const running: ServiceProcess[] = [];
/** The services' logs (node's module log makes them large): kept only when the test failed. */
let logDir: string | undefined;
let passed = false;

afterAll(async () => {
  await Promise.all(running.map((service) => service.stop()));
  if (passed && logDir) rmSync(logDir, { recursive: true, force: true });
}, 60_000);

/** The files node loaded, from its module log. */
const loadedFiles = (log: string): string[] => [...log.matchAll(/^MODULE \d+: load "([^"]+)"/gm)].map((m) => m[1]!);

it('builds every service, its preload and its tools to JavaScript that node starts alone, without TypeScript', async () => {
  await run('npm', ['run', 'build'], { cwd: repoRoot });
  for (const name of services) expect(existsSync(join(repoRoot, 'dist', name, 'main.js'))).toBe(true);
  expect(existsSync(join(repoRoot, 'dist/telemetry/register.js'))).toBe(true);
  expect(existsSync(join(repoRoot, 'dist/tools/create-topics.js'))).toBe(true);

  const { kafkaBrokers, mongoUri } = testEnv();
  const namespace = uniqueName('built');
  const db = (service: string) => `${namespace.replace(/-/g, '_')}_${service}`;
  const ports = Object.fromEntries(await Promise.all(services.map(async (name) => [name, await freePort()] as const)));
  const url = (name: string) => `http://127.0.0.1:${ports[name]}`;
  const edgeUrl = url('edge');
  const env = {
    MONGODB_URI: mongoUri,
    KAFKA_BROKERS: kafkaBrokers.join(','),
    NAMESPACE: namespace,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    NODE_DEBUG: 'module',
    TOKEN_ISSUER: edgeUrl,
    JWKS_URL: `${edgeUrl}/.well-known/jwks.json`,
    PUBLIC_BASE_URL: edgeUrl,
    // Every service's database and, for the edge, the URL of every service behind it (the platform manifest).
    ...Object.fromEntries(platformServices.map((s) => [s.database.env, db(s.database.name)])),
    ...Object.fromEntries(upstreamServices.map((s) => [s.edgeUrlEnv, url(s.name)])),
  };
  // The images' migrations first, as the pods' init containers run them (npm run migrate on the built files).
  await run('bash', ['scripts/migrate.sh'], { cwd: repoRoot, env: { ...process.env, ...env, STACK_BUILT: '1', NODE_DEBUG: '' } });
  const analysisDb = await connectDatabase(mongoUri, db('analysis'));
  try {
    const recorded = await database(analysisDb).collection<{ _id: string }>('schema_migrations').find({ appliedAt: { $exists: true } }).sort({ _id: 1 }).toArray();
    expect(recorded.map((r) => r._id)).toEqual(analysisService().migrations!.map((m) => m.id));
  } finally {
    await analysisDb.close();
  }
  const logs = mkdtempSync(join(repoRoot, '.cache', 'built-services-logs-'));
  logDir = logs;
  running.push(...services.map((name) => new ServiceProcess(name, ports[name]!, env, logs, 'built')));
  await Promise.all(running.map((service) => service.start('ready')));

  for (const name of services) {
    const loaded = loadedFiles(readFileSync(join(logs, `${name}.log`), 'utf8'));
    expect(loaded).toEqual(expect.arrayContaining([join(repoRoot, 'dist/telemetry/register.js'), join(repoRoot, 'dist/telemetry/index.js'), join(repoRoot, 'dist', name, 'main.js')]));
    expect(loaded.filter((file) => /\.[cm]?ts$/.test(file) || file.includes('/node_modules/tsx/') || file.startsWith(join(repoRoot, 'packages')) || file.startsWith(join(repoRoot, 'services')))).toEqual([]);
  }

  // The built CLI registers a client; its token reaches the built share service through the built edge.
  const { stdout } = await run(process.execPath, ['dist/edge/cli/register-client.js', '--client-id', `${namespace}-app`, '--scopes', 'customer-api'], {
    cwd: repoRoot,
    env: { ...process.env, MONGODB_URI: mongoUri, EDGE_DB_NAME: db('edge'), NODE_DEBUG: '' },
  });
  const client = JSON.parse(stdout) as { clientId: string; clientSecret: string };
  const tokenRes = await fetch(`${edgeUrl}/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, scope: 'customer-api' }),
  });
  expect(tokenRes.status).toBe(200);
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const created = await fetch(`${edgeUrl}/shares`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'partner-app' }),
  });
  expect(created.status).toBe(200);
  const shareId = ((await created.json()) as { data: string }).data;
  const read = await fetch(`${edgeUrl}/shares/${shareId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(read.status).toBe(200);
  // The preload's meter provider is the one the service's /metrics reads: one copy of @obp/telemetry in the process.
  const metrics = await (await fetch(`${url('share')}/metrics`)).text();
  expect(metrics).toMatch(/^http_server_request_duration_seconds_count\{http_request_method="POST",[^}]*http_route="\/shares",[^}]*\} 1$/m);

  // Files read at run time: the API reference's renderer from node_modules, the reviewer console beside the feedback bundle.
  const docs = await fetch(`${edgeUrl}/docs`);
  expect(docs.status).toBe(200);
  const rendererPath = /src="(\/docs\/assets\/scalar-api-reference[^"]+)"/.exec(await docs.text())?.[1];
  expect(rendererPath).toBeDefined();
  expect((await fetch(`${edgeUrl}${rendererPath}`)).status).toBe(200);
  const reviewerConsole = await fetch(`${url('feedback')}/console`);
  expect(reviewerConsole.status).toBe(200);
  expect(await reviewerConsole.text()).toContain('<html');
  // The app dashboard beside the edge bundle, and its chart library from node_modules.
  for (const path of ['/dashboard', '/dashboard/dashboard.js', '/dashboard/chart.js']) expect({ path, status: (await fetch(`${edgeUrl}${path}`)).status }).toEqual({ path, status: 200 });
  passed = true;
}, 120_000);
