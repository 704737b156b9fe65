/**
 * What the local store's PostgreSQL does while the stack idles (BENCH_IDLE_STATEMENTS=1): the
 * statements FerretDB ran in the idle window (pg_stat_statements), and the autovacuum and analyze
 * runs and checkpoint writes in it. Says where an idle figure comes from; off by default, since
 * pg_stat_statements costs a little on every statement of the load.
 */
import { Client } from 'pg';

/** Added to PostgreSQL's command line when the diagnosis is on. */
export const IDLE_STATEMENTS_SETTINGS = '-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all -c track_io_timing=on';

export interface IdleStatement {
  calls: number;
  totalMs: number;
  rows: number;
  query: string;
}

export interface IdleStore {
  statements: IdleStatement[];
  autovacuums: number;
  autoanalyzes: number;
  checkpointBuffers: number | undefined;
}

interface Counters {
  autovacuums: number;
  autoanalyzes: number;
  checkpointBuffers: number | undefined;
}

export class IdleStatements {
  private before: Counters | undefined;

  constructor(private readonly url: string) {}

  /** Clears the statement statistics and notes the maintenance counters: the idle window starts. */
  async start(): Promise<void> {
    await this.withClient(async (client) => {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await client.query('SELECT pg_stat_statements_reset()');
      this.before = await counters(client);
    });
  }

  /** The window's statements, costliest first, and the maintenance it saw. */
  async finish(limit = 12): Promise<IdleStore> {
    return this.withClient(async (client) => {
      const { rows } = await client.query<{ calls: string; total: number; rows: string; query: string }>(
        `SELECT calls, total_exec_time AS total, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 180) AS query
           FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT $1`,
        [limit],
      );
      const after = await counters(client);
      const before = this.before ?? after;
      return {
        statements: rows.map((r) => ({ calls: Number(r.calls), totalMs: r.total, rows: Number(r.rows), query: r.query })),
        autovacuums: after.autovacuums - before.autovacuums,
        autoanalyzes: after.autoanalyzes - before.autoanalyzes,
        checkpointBuffers: after.checkpointBuffers === undefined || before.checkpointBuffers === undefined ? undefined : after.checkpointBuffers - before.checkpointBuffers,
      };
    });
  }

  private async withClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: this.url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
}

async function counters(client: Client): Promise<Counters> {
  const { rows } = await client.query<{ vacuums: string; analyzes: string }>('SELECT coalesce(sum(autovacuum_count), 0) AS vacuums, coalesce(sum(autoanalyze_count), 0) AS analyzes FROM pg_stat_all_tables');
  let checkpointBuffers: number | undefined;
  try {
    const checkpoints = await client.query<{ written: string }>('SELECT buffers_written AS written FROM pg_stat_checkpointer');
    checkpointBuffers = Number(checkpoints.rows[0]?.written);
  } catch {
    checkpointBuffers = undefined;
  }
  return { autovacuums: Number(rows[0]?.vacuums), autoanalyzes: Number(rows[0]?.analyzes), checkpointBuffers };
}

export function printIdleStore(store: IdleStore, idleSeconds: number): void {
  console.log(
    `  PostgreSQL in the idle window: ${store.autovacuums} autovacuum and ${store.autoanalyzes} autoanalyze runs, ${store.checkpointBuffers ?? '?'} buffers written by checkpoints; statements (costliest first):`,
  );
  for (const s of store.statements) {
    console.log(`    ${s.totalMs.toFixed(0).padStart(7)} ms ${String(s.calls).padStart(6)} calls (${(s.calls / idleSeconds).toFixed(2)}/s) ${String(s.rows).padStart(7)} rows  ${s.query}`);
  }
}
