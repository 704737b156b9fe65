import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Test code: the test kit, test files and fixtures, and the folders that hold only tests. */
export const isTestCode = (file: string): boolean =>
  /^packages\/testkit\//.test(file) || /\.(test|fixture)\.ts$/.test(file) || /^(e2e|bench)\//.test(file) || /\/test\//.test(file);

/** What a file names: modules it imports or requires, and the repository's scripts and modules a shell script names. */
function references(text: string, shell: boolean): string[] {
  const found = [...text.matchAll(/(?:\bfrom\s+|\brequire\(\s*|\bimport\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  // A shell script's paths from the repository root (the scripts cd there), wherever they stand (`bash x.sh`, `tsx y.ts`, `"$ROOT/z.sh"`).
  if (shell) found.push(...[...text.matchAll(/(?<![\w.-])((?:scripts|infra|packages|services)\/[\w./-]+\.(?:sh|ts|js))\b/g)].map((m) => m[1]!));
  return found;
}

/** A name as the repository's file it stands for, when it is one of the repository's (a workspace package: its `main`). */
function resolveReference(root: string, fromFile: string, name: string, shell: boolean): string | undefined {
  const candidates = (base: string) => [base, `${base}.ts`, join(base, 'index.ts')];
  let bases: string[];
  if (name.startsWith('@obp/')) {
    const pkg = [join(root, 'packages', name.slice(5)), join(root, 'services', name.slice(5))].find((dir) => existsSync(join(dir, 'package.json')));
    if (!pkg) return undefined;
    const main = (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { main?: string }).main ?? 'index.js';
    bases = [join(pkg, main)];
  } else if (name.startsWith('.')) {
    // A shell script's paths are the repository root's (the scripts cd there); a module's are its folder's.
    bases = shell ? [resolve(root, name), resolve(dirname(join(root, fromFile)), name)] : [resolve(dirname(join(root, fromFile)), name)];
  } else if (shell && /^(scripts|infra|packages|services)\//.test(name)) {
    bases = [join(root, name)];
  } else {
    return undefined;
  }
  for (const base of bases) {
    const hit = candidates(base).find((c) => existsSync(c) && statSync(c).isFile());
    if (hit) return relative(root, hit);
  }
  return undefined;
}

/**
 * Every repository file that `entries` load, following imports, requires and the scripts a shell
 * script runs, each with the chain that reached it (entry first).
 */
export function loadedFiles(root: string, entries: readonly string[]): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const queue = entries.map((file) => [file]);
  while (queue.length > 0) {
    const chain = queue.shift()!;
    const file = chain[chain.length - 1]!;
    if (reached.has(file)) continue;
    reached.set(file, chain);
    const shell = file.endsWith('.sh');
    for (const name of references(readFileSync(join(root, file), 'utf8'), shell)) {
      const target = resolveReference(root, file, name, shell);
      if (target && !reached.has(target)) queue.push([...chain, target]);
    }
  }
  return reached;
}

/** The code of every service and package but the test kit, tests and fixtures left out. */
export function runtimeSources(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (path.endsWith('.ts') && !isTestCode(path)) {
        files.push(path);
      }
    }
  };
  for (const group of ['services', 'packages']) {
    for (const project of readdirSync(join(root, group))) if (existsSync(join(root, group, project, 'src'))) walk(`${group}/${project}/src`);
  }
  return files;
}

/** Each runtime file that loads test code, with the chain from an entry to the test code it reaches. */
export function testCodeLoadedBy(root: string, entries: readonly string[]): string[][] {
  return [...loadedFiles(root, entries).values()].filter((chain) => isTestCode(chain[chain.length - 1]!));
}
