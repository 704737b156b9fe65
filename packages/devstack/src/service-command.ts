/** How a service's process runs: from its TypeScript through tsx (`npm start`), or built (`npm run build`, the images). */
export type ServiceRuntime = 'source' | 'built';

/** node's arguments that start a service from the repository root (built: the images' command). */
export function serviceNodeArguments(name: string, runtime: ServiceRuntime): string[] {
  return runtime === 'built'
    ? ['--enable-source-maps', '--require', './dist/telemetry/register.js', `dist/${name}/main.js`]
    : ['--require', 'tsx/cjs', '--require', './packages/telemetry/src/register.ts', `services/${name}/src/main.ts`];
}

/**
 * The node processes that run these services' migrations (each service's `cli/migrate`), from the
 * repository root: from source, one process for all of them; built, one each (every bundle holds its
 * own copy of the shared packages, whose schema registry takes each id once per process).
 */
export function migrationCommands(names: readonly string[], runtime: ServiceRuntime): string[][] {
  const requireEach = ['-e', 'for (const file of process.argv.slice(1)) require(require("node:path").resolve(file));'];
  if (runtime === 'built') return names.map((name) => ['--enable-source-maps', ...requireEach, `dist/${name}/cli/migrate.js`]);
  return names.length === 0 ? [] : [['--require', 'tsx/cjs', ...requireEach, ...names.map((name) => `services/${name}/src/cli/migrate.ts`)]];
}
