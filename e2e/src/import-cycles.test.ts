import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@obp/testkit';

const exec = promisify(execFile);

describe('the repository’s imports', () => {
  it('form no circle besides the known exceptions, each of which is still one (scripts/import-cycles.ts)', async () => {
    const run = await exec(process.execPath, ['--require', 'tsx/cjs', join(repoRoot, 'scripts/import-cycles.ts')], { cwd: repoRoot }).catch((error: { stdout: string; stderr: string }) => error);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^no import circles among \d+ files/m);
  });
});
