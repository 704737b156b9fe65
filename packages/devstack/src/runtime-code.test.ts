import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadedFiles, runtimeSources, testCodeLoadedBy } from './runtime-code';

const root = resolve(__dirname, '../../..');

/** What `npm start` and `npm run migrate` run: their scripts, and the services' and packages' code. */
function runtimeEntries(): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const named = ['start', 'migrate'].map((name) => /\bbash\s+(\S+\.sh)/.exec(scripts[name] ?? '')?.[1]);
  expect(named).toEqual(['scripts/stack.sh', 'scripts/migrate.sh']);
  return [...(named as string[]), ...runtimeSources(root)];
}

describe('runtime code and test code apart', () => {
  it('npm start, npm run migrate and every service and package load no test code (the test kit, tests, fixtures)', () => {
    const chains = testCodeLoadedBy(root, runtimeEntries());
    expect(chains.map((chain) => chain.join(' -> '))).toEqual([]);
  });

  it('follows what the stack runs: its scripts, the infrastructure they start, the services, and the packages they import', () => {
    const loaded = loadedFiles(root, runtimeEntries());
    for (const file of ['scripts/migrate.sh', 'infra/up.sh', 'infra/create-topics.ts', 'services/edge/src/cli/register-client.ts', 'packages/devstack/src/migrate-all.ts', 'packages/devstack/src/service-command.ts', 'packages/devstack/src/stack-plan.ts', 'packages/platform/src/manifest.ts', 'packages/db/src/migrations.ts']) {
      expect(loaded.has(file)).toBe(true);
    }
  });

  it('finds test code loaded through a chain of imports (the e2e harness loads the test kit)', () => {
    const chains = testCodeLoadedBy(root, ['e2e/src/harness.ts']);
    expect(chains.map((chain) => chain.join(' -> '))).toContainEqual(expect.stringMatching(/^e2e\/src\/harness\.ts -> packages\/testkit\/src\/index\.ts$/));
  });
});
