import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Scopes } from '@obp/contracts';
import { repoRoot } from '@obp/testkit';
import { startStack, type Stack } from './harness';

/**
 * Schemathesis against the whole API as the edge documents it (`/openapi.json`): every phase
 * (examples, coverage, fuzzing, stateful) and every check, with tokens for every protected operation.
 * Deterministic generation and a bound on the examples per operation keep it repeatable and within
 * a few minutes. Its configuration and hooks are in e2e/fuzz/ (docs/decisions.md says why each is there).
 */

const FUZZ_DIR = join(repoRoot, 'e2e/fuzz');
const OUT_DIR = join(repoRoot, '.cache/api-fuzz');
const MAX_EXAMPLES = Number(process.env.API_FUZZ_MAX_EXAMPLES ?? 25);
const INSTALL_TIMEOUT_MS = 10 * 60_000;
const RUN_TIMEOUT_MS = 15 * 60_000;

let stack: Stack;
let schemathesis: string;

beforeAll(() => {
  schemathesis = execFileSync('bash', [join(repoRoot, 'infra/schemathesis/install.sh')], { encoding: 'utf8', timeout: INSTALL_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}, INSTALL_TIMEOUT_MS);

beforeAll(async () => {
  // Generated webhook endpoints name any host: this stack's deliveries stay on this machine.
  stack = await startStack({ webhooksEnv: { WEBHOOK_LOOPBACK_ONLY: 'true' } });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

/** Runs the CLI without blocking this process, whose event loop serves the stack under test. */
function run(file: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: FUZZ_DIR, env: { ...process.env, ...env }, timeout: RUN_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

/** The JUnit report: one test case per operation (and the stateful run), with its failures. */
function readJunit(path: string): { cases: string[]; failures: Array<{ name: string; message: string }> } {
  const xml = readFileSync(path, 'utf8');
  const cases = [...xml.matchAll(/<testcase\b[^>]*\bname="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)];
  const failures = cases.flatMap(([, name = '', body = '']) =>
    [...body.matchAll(/<(failure|error)\b[^>]*?(?:message="([^"]*)")?[^>]*>([\s\S]*?)<\/\1>/g)].map(([, , message = '', text = '']) => ({ name, message: `${message}\n${text}`.trim() })),
  );
  return { cases: cases.map(([, name = '']) => name), failures };
}

it(
  'answers every generated request as its document says: no server error, no undocumented status, header or body, no invalid input accepted, no valid input refused',
  async () => {
    const client = await stack.registerClient(Object.values(Scopes), { rateLimit: { burst: 1_000_000, perSecond: 100_000 } });
    const token = await stack.token(client, Object.values(Scopes).join(' '));
    rmSync(OUT_DIR, { recursive: true, force: true });
    mkdirSync(OUT_DIR, { recursive: true });
    const junit = join(OUT_DIR, 'junit.xml');
    const { code, output } = await run(
      schemathesis,
      [
        '--config-file',
        join(FUZZ_DIR, 'schemathesis.toml'),
        'run',
        `${stack.baseUrl}/openapi.json`,
        '--phases=examples,coverage,fuzzing,stateful',
        '--checks=all',
        `--max-examples=${MAX_EXAMPLES}`,
        '--generation-deterministic',
        '--workers=1',
        '--no-color',
        '--report=junit',
        `--report-junit-path=${junit}`,
      ],
      { OBP_FUZZ_TOKEN: token, OBP_FUZZ_ADMIN_TOKEN: stack.adminToken },
    );
    writeFileSync(join(OUT_DIR, 'output.txt'), output);
    // Without schemathesis's closing '=== 2 warnings in 93.40s ===': CI reads that pytest-shaped line as a run of no test.
    const summary = output
      .slice(output.lastIndexOf('SUMMARY'))
      .split('\n')
      .filter((line) => !/^=+ .* in [\d.]+s =+$/.test(line.trim()))
      .join('\n');
    process.stdout.write(`\nschemathesis (${MAX_EXAMPLES} examples per operation; full output in .cache/api-fuzz/output.txt):\n${summary}\n`);
    const report = existsSync(junit) ? readJunit(junit) : { cases: [], failures: [] };
    expect({ code, failures: report.failures, output: code === 0 ? '' : output.slice(Math.max(0, output.indexOf('FAILURES'))) }).toEqual({ code: 0, failures: [], output: '' });
    // Every operation of the document was tested (schemathesis leaves out the document's own), and the stateful run too.
    const operations = Object.entries(stack.document.document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(report.cases.sort()).toEqual([...operations.filter((name) => name !== 'GET /openapi.json'), 'Stateful tests'].sort());
  },
  RUN_TIMEOUT_MS + 60_000,
);
