/** How a service's process runs: from its TypeScript through tsx (`npm start`), or built (`npm run build`, the images). */
export type ServiceRuntime = 'source' | 'built';

/** node's arguments that start a service from the repository root (built: the images' command). */
export function serviceNodeArguments(name: string, runtime: ServiceRuntime): string[] {
  return runtime === 'built'
    ? ['--enable-source-maps', '--require', './dist/telemetry/register.js', `dist/${name}/main.js`]
    : ['--require', 'tsx/cjs', '--require', './packages/telemetry/src/register.ts', `services/${name}/src/main.ts`];
}
