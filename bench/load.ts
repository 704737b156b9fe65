/**
 * One load run in a process of its own, so the load generator never shares an event loop with
 * what it measures. Usage: node --require tsx/cjs bench/load.ts <file holding the LoadSpec as JSON>
 * Prints the LoadSummary as one JSON line.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { LoadSpec, LoadSummary } from './scale/load-spec';

function randomTarget(spec: LoadSpec): autocannon.Request {
  const target = spec.targets[Math.floor(Math.random() * spec.targets.length)]!;
  const headers: Record<string, string> = { authorization: `Bearer ${spec.tokens[target.token]!}` };
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  return { method: spec.method, path: target.path, headers, body: spec.body };
}

async function run(spec: LoadSpec): Promise<LoadSummary> {
  const result = await autocannon({
    url: spec.origin,
    connections: spec.connections,
    duration: spec.seconds,
    requests: [{ setupRequest: () => randomTarget(spec) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

const specFile = process.argv[2];
if (!specFile) throw new Error('usage: load.ts <file holding a LoadSpec as JSON>');
run(JSON.parse(readFileSync(specFile, 'utf8')) as LoadSpec)
  .then((summary) => process.stdout.write(`${JSON.stringify(summary)}\n`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
