/**
 * `npm run test:unit`: the suites that need no Kafka, store, browser or child process, without the global
 * setup that starts Kafka and FerretDB. A suite is left to `npm test` when its file names what reaches
 * infrastructure (below); one that reaches it another way fails here, as KAFKA_BROKERS and MONGODB_URI are unset.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import base from './jest.config.js';

const root = dirname(fileURLToPath(import.meta.url));
const NEEDS_INFRASTRUCTURE = /\b(testEnv|startStack|sharedStack|startKafka|startFerretDb|connectDatabase|createKafka|ensureChromium|openBrowserPage|spawn|spawnSync|execFile|execFileSync|execSync|KAFKA_BROKERS|MONGODB_URI)\b/;

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? testFiles(path) : entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const unitSuites = ['packages', 'services', 'e2e']
  .flatMap((top) => testFiles(join(root, top)))
  .filter((file) => !NEEDS_INFRASTRUCTURE.test(readFileSync(file, 'utf8')))
  .map((file) => `<rootDir>/${relative(root, file)}`);

export default {
  ...base,
  rootDir: root,
  testMatch: unitSuites,
  globalSetup: undefined,
  globalTeardown: undefined,
  setupFiles: ['<rootDir>/jest.unit-setup-env.js', ...base.setupFiles],
};
