import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSandboxData, renderMt940 } from '@obp/sandbox-bank';
import { repoRoot } from '@obp/testkit';
import { type Stack } from '../harness';
import { sharedStack } from '../shared-stack';

/** Runs the quickstart as `npm run quickstart` does; its exit code and output, also when it fails. */
function runQuickstart(env: Record<string, string>, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--require', 'tsx/cjs', join(repoRoot, 'examples/quickstart/src/main.ts'), ...args], { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 240_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** `npm run quickstart` (examples/quickstart) as a new user runs it, against a running platform. */
describe('the quickstart', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await sharedStack();
  });

  it('connects the sandbox bank, hears verified webhooks, prints the analysis summary and sends feedback', async () => {
    const app = await stack.registerClient(['customer-api']);
    const run = await runQuickstart({ OBP_BASE_URL: stack.baseUrl, OBP_CLIENT_ID: app.clientId, OBP_CLIENT_SECRET: app.clientSecret });
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    const { stdout } = run;

    expect(stdout).toMatch(/verified webhook: [1-9]\d* transactions fetched/);
    expect(stdout).toContain('verified webhook: analysis-job.completed');
    expect(stdout).toMatch(/Done: (?:[2-9]|[1-9]\d+) webhooks received, every one verified\./);
    expect(stdout).toMatch(/average of \d+ full months: income €[\d,]+\.\d\d, expense -€[\d,]+\.\d\d/);
    expect(stdout).toMatch(/Recurring commitments: -€[\d,]+\.\d\d a month/);
    // The sandbox household pays rent and receives a salary every month.
    expect(stdout).toMatch(/^ {2}\S.* +Monthly +next \d{4}-\d{2}-\d{2} {2}-€/m);
    expect(stdout).toMatch(/^ {2}\S.* +Monthly +next \d{4}-\d{2}-\d{2} {2}€/m);
    expect(stdout).toMatch(/Top expense categories\n {2}expenses\.\S+ +-€/);

    // What it printed is what the platform holds.
    const token = await stack.token(app, 'customer-api');
    const api = stack.clientWithToken(token);
    const jobId = /Analysis ([0-9a-f-]{36}) \(e1 /.exec(stdout)![1]!;
    const { data: job } = await api.GET('/analysis-jobs/{id}', { params: { path: { id: jobId } } });
    expect(job.data.status).toBe('Completed');
    const [, feedbackId, fromCategory, toCategory] = /feedback ([0-9a-f-]{36}) on ".*": (\S+) -> (\S+), Pending/.exec(stdout)!;
    const { data: feedback } = await api.GET('/v2/categorization-feedback/{id}', { params: { path: { id: feedbackId! } } });
    expect(feedback.data).toMatchObject({ status: 'Pending', original: { category: fromCategory }, target: { category: toCategory } });
    // It cleans up after itself: its webhook endpoint is gone.
    const { data: endpoints } = await api.GET('/webhooks');
    expect(endpoints.data).toEqual([]);
  }, 300_000);

  it('runs on a statement file instead of a sandbox bank: upload, import, webhook, analysis, feedback', async () => {
    const app = await stack.registerClient(['customer-api']);
    const data = generateSandboxData({ seed: `quickstart-statement-${Date.now()}`, profile: 'retail', asOf: new Date() });
    const file = join(mkdtempSync(join(tmpdir(), 'quickstart-')), 'export.sta');
    writeFileSync(file, renderMt940(data, { style: 'ing', openingBalance: 1500 }));
    const run = await runQuickstart({ OBP_BASE_URL: stack.baseUrl, OBP_CLIENT_ID: app.clientId, OBP_CLIENT_SECRET: app.clientSecret }, ['--statement', file]);
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    const { stdout } = run;
    expect(stdout).toContain(`imported mt940: ${data.transactions.length} transactions added, 0 already there`);
    expect(stdout).toContain(`verified webhook: ${data.transactions.length} transactions fetched`);
    expect(stdout).toContain('verified webhook: analysis-job.completed');
    expect(stdout).toMatch(/^ {2}\S.* +Monthly +next \d{4}-\d{2}-\d{2} {2}-€/m);
    expect(stdout).toMatch(/feedback [0-9a-f-]{36} on ".*": \S+ -> \S+, Pending/);
  }, 300_000);
});
