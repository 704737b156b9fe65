import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkCircles, importGraph, pathRound } from './import-circles';

/** A throwaway project: its files and a tsconfig that includes them. */
async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'import-cycles-'));
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'commonjs', moduleResolution: 'node', strict: true }, include: ['*.ts'] }));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

describe('import circles', () => {
  const made: string[] = [];
  afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('finds a circle closed by a type-only import through a third file, and names the way round', async () => {
    const dir = await project({
      'route.ts': "import { headers } from './idempotency';\nexport const route = headers;\n",
      'idempotency.ts': "import type { Spec } from './spec';\nexport const headers: Spec[] = [];\n",
      'spec.ts': "import type { route } from './route';\nexport type Spec = typeof route;\n",
      'leaf.ts': "import { route } from './route';\nexport const leaf = route;\n",
    });
    made.push(dir);
    const graph = importGraph(join(dir, 'tsconfig.json'));
    const { unexpected } = checkCircles(dir, graph, []);
    expect(unexpected).toEqual([['idempotency.ts', 'route.ts', 'spec.ts']]);
    expect(pathRound(graph, unexpected[0]!.map((f) => join(dir, f))).map((f) => f.slice(dir.length + 1))).toEqual(['idempotency.ts', 'spec.ts', 'route.ts', 'idempotency.ts']);
  });

  it('excuses a listed circle, and reports a listed one that is no longer a circle', async () => {
    const dir = await project({ 'a.ts': "export * from './b';\n", 'b.ts': "import './a';\nexport const b = 1;\n", 'c.ts': "import { b } from './b';\nexport const c = b;\n" });
    made.push(dir);
    const graph = importGraph(join(dir, 'tsconfig.json'));
    const known = [
      { files: ['b.ts', 'a.ts'], reason: 'being removed' },
      { files: ['b.ts', 'c.ts'], reason: 'removed already' },
    ];
    expect(checkCircles(dir, graph, known)).toEqual({ unexpected: [], excused: [['a.ts', 'b.ts']], stale: [['b.ts', 'c.ts']] });
  });
});
