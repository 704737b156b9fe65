/**
 * Fails when any two TypeScript files of the repository import each other, directly or round a circle
 * (see `importGraph` in @obp/testkit). Reads the files `tsconfig.json` includes and resolves imports as
 * the compiler does (`@obp/*` too). `scripts/test.sh` runs it with the lint.
 *
 *   npx tsx scripts/import-cycles.ts     lists every circle; exit code 1 unless each is a known exception
 */
import { join, relative } from 'node:path';
import { checkCircles, importGraph, pathRound, type KnownCircle } from '@obp/testkit';

/**
 * Circles being removed. Each must still be a whole circle of the graph: once it is gone (or grows)
 * the check fails until it is taken off this list.
 */
const KNOWN_CIRCLES: KnownCircle[] = [];

const root = join(__dirname, '..');
const graph = importGraph(join(root, 'tsconfig.json'));
const { unexpected, stale, excused } = checkCircles(root, graph, KNOWN_CIRCLES);
for (const circle of unexpected) {
  const round = pathRound(graph, circle.map((f) => join(root, f))).map((f) => relative(root, f));
  console.error(`import circle: ${round.join(' -> ')}`);
}
for (const files of stale) console.error(`listed as a known import circle but not one (any more): ${files.join(', ')}; update KNOWN_CIRCLES in scripts/import-cycles.ts`);
for (const files of excused) console.log(`known import circle (${KNOWN_CIRCLES.find((k) => [...k.files].sort().join() === files.join())!.reason}): ${files.join(' <-> ')}`);
if (unexpected.length > 0 || stale.length > 0) process.exit(1);
console.log(`no import circles among ${graph.size} files${excused.length > 0 ? ` besides ${excused.length} known` : ''}`);
