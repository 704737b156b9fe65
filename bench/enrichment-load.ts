/**
 * One enrichment load run in a process of its own: sends each request of the spec one after another
 * (one at a time: latency, not throughput) through the edge, `rounds` times over, and times each from
 * the request sent to the whole answer read. A request whose answer is not `expectStatus` counts as failed.
 * Usage: node --require tsx/cjs bench/enrichment-load.ts <file holding the EnrichmentLoadSpec as JSON>
 * Prints the EnrichmentLoadSummary as one JSON line.
 */
import { readFileSync } from 'node:fs';

export interface EnrichmentLoadRequest {
  method: 'GET' | 'POST';
  path: string;
  /** The JSON body, already serialised. */
  body?: string;
}

export interface EnrichmentLoadSpec {
  origin: string;
  token: string;
  requests: EnrichmentLoadRequest[];
  /** Unmeasured requests first (connections, JIT). */
  warmup: number;
  /** How many measured requests: the requests in turn. */
  count: number;
  expectStatus: number;
}

export interface EnrichmentLoadSummary {
  ms: number[];
  failed: number;
  bytesSent: number;
}

async function send(spec: EnrichmentLoadSpec, request: EnrichmentLoadRequest): Promise<{ ms: number; ok: boolean }> {
  const headers: Record<string, string> = { authorization: `Bearer ${spec.token}` };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(`${spec.origin}${request.path}`, { method: request.method, headers, ...(request.body !== undefined ? { body: request.body } : {}) });
  await response.arrayBuffer();
  return { ms: performance.now() - started, ok: response.status === spec.expectStatus };
}

async function run(spec: EnrichmentLoadSpec): Promise<EnrichmentLoadSummary> {
  for (let i = 0; i < spec.warmup; i++) await send(spec, spec.requests[i % spec.requests.length]!);
  const summary: EnrichmentLoadSummary = { ms: [], failed: 0, bytesSent: 0 };
  for (let i = 0; i < spec.count; i++) {
    const request = spec.requests[i % spec.requests.length]!;
    const { ms, ok } = await send(spec, request);
    if (ok) summary.ms.push(ms);
    else summary.failed++;
    summary.bytesSent += request.body?.length ?? 0;
  }
  return summary;
}

const specFile = process.argv[2];
if (!specFile) throw new Error('usage: enrichment-load.ts <file holding an EnrichmentLoadSpec as JSON>');
run(JSON.parse(readFileSync(specFile, 'utf8')) as EnrichmentLoadSpec)
  .then((summary) => process.stdout.write(`${JSON.stringify(summary)}\n`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
