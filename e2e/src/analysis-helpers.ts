import type { paths } from '@obp/client';
import type { AnalysisJobDto, AnalysisResult } from '@obp/contracts';
import { mongo, type Connection } from '@obp/db';
import { compressedJson } from '@obp/store';
import { waitFor } from '@obp/testkit';
import type { Stack } from './harness';

export type CreateJobBody = paths['/analysis-jobs']['post']['requestBody']['content']['application/json'];

/** A valid create-analysis-job body (spec 2.5) over `consentIds`; `overrides` replace its top-level properties. */
export const jobBody = (consentIds: string[], overrides: Partial<CreateJobBody> = {}): CreateJobBody => ({
  Reference: `job-${Date.now()}`,
  Engine: 'e1',
  Profile: 'retail',
  CountryCode: 'nl',
  Input: { consentIds },
  ...overrides,
});

export async function postJob(stack: Stack, token: string, body: unknown, headers: Record<string, string> = {}) {
  return stack.api(token, '/analysis-jobs', { method: 'POST', json: body, headers });
}

/** Creates a job through the generated client and returns its id; the client sends its own Idempotency-Key unless one is given. */
export async function createJob(stack: Stack, token: string, body: CreateJobBody, headers: { 'Idempotency-Key'?: string } = {}): Promise<string> {
  const { data } = await stack.clientWithToken(token).POST('/analysis-jobs', { params: { header: headers }, body });
  return data.id;
}

export async function getJob(stack: Stack, token: string, id: string): Promise<AnalysisJobDto> {
  const { data } = await stack.clientWithToken(token).GET('/analysis-jobs/{id}', { params: { path: { id } } });
  return data.data;
}

/** Polls the job until it is Completed or Failed. */
export async function finishedJob(stack: Stack, token: string, id: string, timeoutMs = 60_000): Promise<AnalysisJobDto> {
  return waitFor(
    async () => {
      const job = await getJob(stack, token, id);
      return job.status === 'Completed' || job.status === 'Failed' ? job : undefined;
    },
    { what: `analysis job ${id} to finish`, timeoutMs, intervalMs: 100 },
  );
}

export async function getResult(stack: Stack, token: string, id: string): Promise<AnalysisResult> {
  const { data } = await stack.clientWithToken(token).GET('/analysis-jobs/{id}/result', { params: { path: { id } } });
  return data.data;
}

/** The text of a stored value, compressed binaries (buckets, stored results, large outbox events) unpacked, so a scan sees what they hold. */
function readable(value: unknown): string {
  if (value instanceof mongo.Binary) {
    try {
      return JSON.stringify(compressedJson.decode(value));
    } catch {
      return Buffer.from(value.buffer).toString('latin1');
    }
  }
  if (Array.isArray(value)) return value.map(readable).join(' ');
  if (value instanceof Date || value === null || typeof value !== 'object') return JSON.stringify(value) ?? '';
  return Object.entries(value).map(([k, v]) => `${k}:${readable(v)}`).join(' ');
}

/** Every document of every collection of a database that mentions any of `needles` (in compressed values too). */
export async function mentions(db: Connection, needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of await db.db!.listCollections().toArray()) {
    for (const doc of await db.db!.collection(name).find({}).toArray()) {
      const text = readable(doc);
      for (const needle of needles) if (text.includes(needle)) found.push(`${db.name}.${name}: ${needle}`);
    }
  }
  return found;
}
