/**
 * `npm run build`: every service, the telemetry preload and every command-line tool as plain
 * JavaScript (CommonJS, node 20, with source maps) in dist/, which production runs with node alone:
 *   services/<service>/src/main.ts      -> dist/<service>/main.js
 *   services/<service>/src/cli/<x>.ts   -> dist/<service>/cli/<x>.js
 *   packages/<package>/src/cli/<x>.ts   -> dist/tools/<x>.js
 *   infra/create-topics.ts              -> dist/tools/create-topics.js
 *   packages/telemetry/src/register.ts  -> dist/telemetry/register.js (the --require preload)
 * Each output is one bundle: the workspace packages (@obp/*, whose `main` is TypeScript) are inlined,
 * every third-party package stays a require() of node_modules (installed with `npm ci --omit=dev`).
 * @obp/telemetry is the exception: it holds the process's tracer and meter providers, which the
 * preload sets up and a service shuts down, so it is one module of its own (dist/telemetry/index.js)
 * that every bundle requires. Files beside a service's code that are not TypeScript (pages, styles)
 * are copied to dist/<service>/ at the same place relative to src/.
 */
import { build, type Plugin } from 'esbuild';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, dirname, join, posix, relative, resolve, sep } from 'node:path';

const root = resolve(__dirname, '..');
const outDir = join(root, 'dist');

interface Entry {
  /** The TypeScript entry, relative to the repository root. */
  source: string;
  /** The output, relative to dist/, without `.js`. */
  out: string;
}

const telemetryModule: Entry = { source: 'packages/telemetry/src/index.ts', out: 'telemetry/index' };
const telemetrySources = join(root, 'packages/telemetry/src') + sep;

const subdirectories = (dir: string): string[] =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];

/** The runnable scripts of a cli/ folder (its tests and helpers excepted). */
const commandScripts = (dir: string): string[] =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
        .sort()
    : [];

function buildEntries(): Entry[] {
  const entries: Entry[] = [telemetryModule, { source: 'packages/telemetry/src/register.ts', out: 'telemetry/register' }];
  for (const service of subdirectories('services')) {
    if (existsSync(join(root, 'services', service, 'src/main.ts'))) entries.push({ source: `services/${service}/src/main.ts`, out: `${service}/main` });
    for (const script of commandScripts(`services/${service}/src/cli`)) {
      entries.push({ source: `services/${service}/src/cli/${script}`, out: `${service}/cli/${basename(script, '.ts')}` });
    }
  }
  for (const pkg of subdirectories('packages')) {
    for (const script of commandScripts(`packages/${pkg}/src/cli`)) entries.push({ source: `packages/${pkg}/src/cli/${script}`, out: `tools/${basename(script, '.ts')}` });
  }
  entries.push({ source: 'infra/create-topics.ts', out: 'tools/create-topics' });
  const outs = entries.map((e) => e.out);
  const twice = outs.filter((out, i) => outs.indexOf(out) !== i);
  if (twice.length > 0) throw new Error(`two entries would be built to the same file: ${twice.map((o) => `dist/${o}.js`).join(', ')}`);
  return entries;
}

/** The require() path from one output to another, as node resolves it relative to the requiring file. */
function requirePath(from: Entry, to: Entry): string {
  const path = relative(dirname(join(outDir, from.out)), join(outDir, to.out)).split(sep).join(posix.sep);
  return `${path.startsWith('.') ? path : `./${path}`}.js`;
}

/** The package a bare import names (`@scope/name` or `name`, without a subpath). */
const packageName = (specifier: string): string => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * Required packages that the image would lack: the image installs the lockfile's production packages
 * only (no dev, no optional), while here every package is installed, so such a require would work here
 * and fail in the image.
 */
function missingFromProduction(required: Set<string>): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; optional?: boolean }> };
  return [...required].filter((name) => {
    const installed = lock.packages[`node_modules/${name}`];
    return !installed || installed.dev || installed.optional;
  });
}

/** What each bundle inlines (the workspace's packages) and what it requires at run time (noted in `required`). */
function linking(entry: Entry, required: Set<string>): Plugin {
  const shared = { path: requirePath(entry, telemetryModule), external: true };
  const isTelemetryModule = entry === telemetryModule;
  return {
    name: 'obp-linking',
    setup(on) {
      on.onResolve({ filter: /^[^./]/ }, ({ path }) => {
        if (path === '@obp/telemetry' || path.startsWith('@obp/telemetry/')) return isTelemetryModule ? undefined : shared;
        if (path.startsWith('@obp/')) return undefined;
        if (!isBuiltin(path)) required.add(packageName(path));
        return { external: true };
      });
      // The preload's own imports of the telemetry package (./setup) are the shared module too.
      on.onResolve({ filter: /^\./ }, ({ importer }) => (!isTelemetryModule && importer.startsWith(telemetrySources) ? shared : undefined));
    },
  };
}

/** Copies the files beside a service's code that are not TypeScript (read at run time relative to src/). */
function copyAssets(service: string): number {
  const src = join(root, 'services', service, 'src');
  let copied = 0;
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, item.name);
      if (item.isDirectory()) walk(path);
      else if (!item.name.endsWith('.ts')) {
        cpSync(path, join(outDir, service, relative(src, path)));
        copied++;
      }
    }
  };
  if (existsSync(src)) walk(src);
  return copied;
}

async function main(): Promise<void> {
  const started = Date.now();
  rmSync(outDir, { recursive: true, force: true });
  const entries = buildEntries();
  const required = new Set<string>();
  await Promise.all(
    entries.map((entry) =>
      build({
        entryPoints: [join(root, entry.source)],
        outfile: join(outDir, `${entry.out}.js`),
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        sourcemap: true,
        // Stack traces need the mappings only; the sources are in the repository.
        sourcesContent: false,
        logLevel: 'warning',
        plugins: [linking(entry, required)],
      }),
    ),
  );
  const missing = missingFromProduction(required);
  if (missing.length > 0) throw new Error(`required at run time but not a production dependency (add it to the dependencies of the workspace that imports it): ${missing.join(', ')}`);
  const assets = subdirectories('services').reduce((sum, service) => sum + copyAssets(service), 0);
  console.log(`built ${entries.length} entries and ${assets} assets into dist/ in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
