import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

const load = createRequire(__filename);
let compiler: typeof TypeScript | undefined;

/**
 * The TypeScript compiler, loaded when first used: most suites import the testkit and never read source code,
 * and jest loads a module anew for every suite that imports it, so an import at the top would cost each of them.
 */
export function typescript(): typeof TypeScript {
  compiler ??= load('typescript') as typeof TypeScript;
  return compiler;
}
