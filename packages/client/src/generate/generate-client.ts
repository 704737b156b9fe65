import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generatedClientFiles } from './client-source';

/**
 * `npm run client:generate`: writes the generated client files from the API document.
 * `--check`: writes nothing, and fails naming each file that is not what the document generates.
 * `--dir`: the package folder (by default this package's).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, dir: { type: 'string', default: join(__dirname, '..', '..') } } });
  const packageDir = resolve(values.dir);
  const stale: string[] = [];
  for (const file of await generatedClientFiles()) {
    const target = join(packageDir, file.path);
    if (values.check) {
      const committed = await readFile(target, 'utf8').catch(() => undefined);
      if (committed !== file.text) stale.push(file.path);
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.text);
    console.log(`wrote ${target}`);
  }
  if (stale.length > 0) {
    console.error(`out of date with the API document: ${stale.join(', ')}; run \`npm run client:generate\` and commit the result`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
