import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { migrationCommands } from './service-command';

/**
 * `npm run migrate` (scripts/migrate.sh): every service's migrations, the services side by side, each
 * as the service's `cli/migrate` does it (STACK_BUILT=1: the built ones). Exits 1 when one failed.
 */
const root = resolve(__dirname, '../../..');
const services = readdirSync(join(root, 'services')).filter((name) => existsSync(join(root, 'services', name, 'src/cli/migrate.ts')));
const runs = migrationCommands(services, process.env.STACK_BUILT === '1' ? 'built' : 'source').map(
  (args) => new Promise<number>((done) => spawn(process.execPath, args, { cwd: root, stdio: 'inherit' }).on('exit', (code) => done(code ?? 1))),
);
void Promise.all(runs).then((codes) => {
  process.exitCode = codes.every((code) => code === 0) ? 0 : 1;
});
