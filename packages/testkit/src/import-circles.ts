import { dirname, relative } from 'node:path';
import { typescript } from './typescript';

/**
 * Import circles: two files that import each other, directly or round others. `import type` and
 * `export … from` count (a circle of types still ties the files together). `scripts/import-cycles.ts`
 * runs it over the repository.
 */

/** A circle that exists and is being removed: repository paths, and why it may stay for now. */
export interface KnownCircle {
  files: string[];
  reason: string;
}

export type ImportGraph = Map<string, string[]>;

/** The import graph of the files a tsconfig includes: each file and the files of the same set it imports. */
export function importGraph(tsconfigPath: string): ImportGraph {
  const ts = typescript();
  const config = ts.readConfigFile(tsconfigPath, (path) => ts.sys.readFile(path));
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(tsconfigPath));
  const files = new Set(parsed.fileNames.map((f) => ts.sys.resolvePath(f)));
  const cache = ts.createModuleResolutionCache(dirname(tsconfigPath), (f) => f, parsed.options);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = ts.sys.readFile(file) ?? '';
    const imported = new Set<string>();
    for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
      const resolved = ts.resolveModuleName(ref.fileName, file, parsed.options, ts.sys, cache).resolvedModule?.resolvedFileName;
      if (resolved && files.has(resolved)) imported.add(resolved);
    }
    graph.set(file, [...imported].sort());
  }
  return graph;
}

/** The circles of a graph: its strongly connected components of more than one file, or a file importing itself. */
export function circles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative (a deep import chain must not overflow the stack).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node)) found.push(component.sort());
    }
  }
  return found;
}

/** One way round a circle, for the message: from its first file back to it. */
export function pathRound(graph: ImportGraph, circle: string[]): string[] {
  const members = new Set(circle);
  const start = circle[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return circle;
}

/** The circles that are not known exceptions, and the known exceptions that are no longer circles as listed. */
export function checkCircles(root: string, graph: ImportGraph, known: ReadonlyArray<KnownCircle>): { unexpected: string[][]; stale: string[][]; excused: string[][] } {
  const found = circles(graph).map((c) => c.map((f) => relative(root, f)).sort());
  const key = (files: string[]) => [...files].sort().join('\n');
  const knownKeys = new Set(known.map((k) => key(k.files)));
  const foundKeys = new Set(found.map(key));
  return {
    unexpected: found.filter((c) => !knownKeys.has(key(c))),
    excused: found.filter((c) => knownKeys.has(key(c))),
    stale: known.filter((k) => !foundKeys.has(key(k.files))).map((k) => k.files),
  };
}
