/**
 * Load test of the share API through the edge, against real Kafka and FerretDB on loopback:
 * GET /shares/{id} and POST /shares, each for a bounded time, beside a bare express endpoint in
 * the same process as the baseline. Prints requests/s, p50 and p99 latency and the ratios.
 * Run: npm run bench   (BENCH_SECONDS, BENCH_CONNECTIONS to change the load)
 */
import autocannon from 'autocannon';
import express from 'express';
import { listen } from '@obp/http';
import { setupTelemetry } from '@obp/telemetry';
import { startFerretDb, startKafka, type FerretProcess, type KafkaProcess } from '@obp/testkit';
import { startStack, type Stack } from '../e2e/src/harness';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(name: string, opts: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections, duration: seconds, ...opts });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function main() {
  setupTelemetry({ serviceName: 'bench', env: {} });
  process.env.LOG_LEVEL = 'silent';
  let kafka: KafkaProcess | undefined;
  let ferret: FerretProcess | undefined;
  const mongoUri = process.env.MONGODB_URI ?? (ferret = await startFerretDb()).uri;
  const brokers = process.env.KAFKA_BROKERS?.split(',') ?? (kafka = await startKafka()).brokers;
  let stack: Stack | undefined;
  try {
    stack = await startStack({ mongoUri, kafkaBrokers: brokers, outboxPollMs: 200 });
    const client = await stack.registerClient();
    const token = await stack.token(client);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const id = ((await (await stack.api(token, '/shares', { method: 'POST', json: { clientId: 'partner' } })).json()) as { data: string }).data;

    const bare = express();
    bare.get('/baseline', (_req, res) => {
      res.json({ data: { id, clientId: 'partner', reference: null } });
    });
    const bareServer = await listen(bare, 0, '127.0.0.1');
    const barePort = (bareServer.address() as { port: number }).port;

    const results: Figures[] = [];
    results.push(await load('bare express GET (baseline)', { url: `http://127.0.0.1:${barePort}/baseline` }));
    results.push(await load('GET /shares/{id} via edge', { url: `${stack.baseUrl}/shares/${id}`, headers: auth }));
    results.push(
      await load('POST /shares via edge', { url: `${stack.baseUrl}/shares`, method: 'POST', headers: auth, body: JSON.stringify({ clientId: 'partner', reference: 'bench' }) }),
    );
    bareServer.close();

    const base = results[0]!;
    console.log(`\nshare API load test: ${seconds}s per scenario, ${connections} connections, loopback, 2-core machine`);
    console.log('scenario                         req/s     p50 ms   p99 ms   errors  non-2xx  req/s vs baseline');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(30)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors).padStart(8)} ${String(r.non2xx).padStart(8)}   ${(r.rps / base.rps).toFixed(3)}`,
      );
    }
  } finally {
    await stack?.stop();
    await kafka?.dispose();
    await ferret?.stop();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
