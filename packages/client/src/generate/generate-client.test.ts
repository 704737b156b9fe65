import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const packageDir = join(__dirname, '..', '..');
const repoRoot = join(packageDir, '..', '..');

/**
 * The generator runs in its own process: openapi-typescript loads ES modules, which jest's
 * CommonJS runtime cannot.
 */
const check = (dir: string) =>
  promisify(execFile)(join(repoRoot, 'node_modules', '.bin', 'tsx'), [join(__dirname, 'generate-client.ts'), '--check', '--dir', dir], { cwd: repoRoot }).then(
    () => ({ exitCode: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => ({ exitCode: error.code, stderr: error.stderr }),
  );

describe('the generated client', () => {
  it('is what the API document generates now (else run `npm run client:generate` and commit the result)', async () => {
    expect(await check(packageDir)).toEqual({ exitCode: 0, stderr: '' });
  });

  it('is reported out of date when a committed file differs from what the document generates', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'client-'));
    try {
      await cp(join(packageDir, 'src', 'generated'), join(copy, 'src', 'generated'), { recursive: true });
      const types = join(copy, 'src', 'generated', 'api.ts');
      await writeFile(types, (await readFile(types, 'utf8')).replace('"/consents/{id}/refresh": {', '"/consents/{id}/renew": {'));

      const result = await check(copy);

      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain('out of date with the API document: src/generated/api.ts;');
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
