/** Waiting for PostgreSQL's autovacuum to finish with the tables a step has just filled. */
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface AutovacuumWait {
  seconds: number;
  /** False when workers were still running at the deadline. */
  done: boolean;
}

/** The postmaster's children whose title says they are autovacuum workers (`postgres: autovacuum worker ...`). */
function autovacuumWorkers(postmaster: number): number {
  let workers = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== postmaster) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('autovacuum worker')) workers++;
    } catch {
      // The process ended while being read.
    }
  }
  return workers;
}

/**
 * After a bulk load PostgreSQL vacuums and analyses the new rows for minutes: one-off work of the
 * load, not the idle cost of the stack. Waits until no autovacuum worker has run for `quietSeconds`
 * (at most `maxSeconds`).
 */
export async function waitForAutovacuum(postmaster: number, maxSeconds: number, quietSeconds = 10): Promise<AutovacuumWait> {
  const started = performance.now();
  let quietSince = performance.now();
  while ((performance.now() - started) / 1000 < maxSeconds) {
    if (autovacuumWorkers(postmaster) > 0) quietSince = performance.now();
    else if ((performance.now() - quietSince) / 1000 >= quietSeconds) return { seconds: (performance.now() - started) / 1000, done: true };
    await sleep(500);
  }
  return { seconds: (performance.now() - started) / 1000, done: false };
}
