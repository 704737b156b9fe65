/** How a service's process runs: from its TypeScript through tsx (`npm start`), or built (`npm run build`, the images). */
export type ServiceRuntime = 'source' | 'built';

/** node's arguments that start a service from the repository root (built: the images' command). */
export function serviceNodeArguments(name: string, runtime: ServiceRuntime): string[] {
  return runtime === 'built'
    ? ['--enable-source-maps', '--require', './dist/telemetry/register.js', `dist/${name}/main.js`]
    : ['--require', 'tsx/cjs', '--require', './packages/telemetry/src/register.ts', `services/${name}/src/main.ts`];
}

/**
 * node's arguments that run these services' migrations (each service's `cli/migrate`) in one process,
 * side by side, from the repository root (built: as the images hold them).
 */
export function migrationNodeArguments(names: readonly string[], runtime: ServiceRuntime): string[] {
  const files = names.map((name) => (runtime === 'built' ? `dist/${name}/cli/migrate.js` : `services/${name}/src/cli/migrate.ts`));
  const loader = runtime === 'built' ? ['--enable-source-maps'] : ['--require', 'tsx/cjs'];
  return [...loader, '-e', 'for (const file of process.argv.slice(1)) require(require("node:path").resolve(file));', ...files];
}
