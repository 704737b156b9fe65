/** Waiting for PostgreSQL's autovacuum to finish with the tables a step has just filled. */
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';

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
 * Tables of the store's database that autovacuum has still to vacuum or analyse: over the thresholds at which
 * its launcher starts a worker (dead rows, rows inserted since the last vacuum, rows changed since the last
 * analyze; PostgreSQL's settings, and each table's own where set they are the same here).
 */
const TABLES_DUE = `
  SELECT count(*) AS due FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8 + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
     OR s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8 + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0)
     OR s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8 + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)`;

async function tablesDue(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ due: string }>(TABLES_DUE);
    return Number(rows[0]?.due);
  } finally {
    await client.end();
  }
}

/**
 * After a bulk load PostgreSQL vacuums and analyses the new rows for minutes: one-off work of the
 * load, not the idle cost of the stack. Waits until no table of `databaseUrl` is due for autovacuum
 * or analyze and no autovacuum worker has run for `quietSeconds` (at most `maxSeconds`). The
 * launcher visits each database once a naptime (a minute), so a quiet spell alone can end between
 * two of its rounds with work still due.
 */
export async function waitForAutovacuum(postmaster: number, databaseUrl: string, maxSeconds: number, quietSeconds = 10): Promise<AutovacuumWait> {
  const started = performance.now();
  let quietSince = performance.now();
  while ((performance.now() - started) / 1000 < maxSeconds) {
    if (autovacuumWorkers(postmaster) > 0) quietSince = performance.now();
    else if ((performance.now() - quietSince) / 1000 >= quietSeconds) {
      if ((await tablesDue(databaseUrl)) === 0) return { seconds: (performance.now() - started) / 1000, done: true };
      quietSince = performance.now();
    }
    await sleep(500);
  }
  return { seconds: (performance.now() - started) / 1000, done: false };
}
