/**
 * Writes the parts of docker-compose.yml and infra/prometheus/alerts.yml made from the platform manifest
 * (`platformFiles` in @obp/devstack); e2e/src/platform-files.test.ts fails while a committed file differs.
 *
 *   npx tsx infra/platform-files.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { platformFiles } from '@obp/devstack';

const root = join(__dirname, '..');
for (const [file, content] of platformFiles(root)) {
  writeFileSync(join(root, file), content);
  process.stdout.write(`${file} written\n`);
}
