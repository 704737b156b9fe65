import type { mongo } from 'mongoose';

/** One query as the code sent it: where, and the filter it read by. */
export interface RecordedQuery {
  database: string;
  collection: string;
  command: string;
  filter: mongo.Document;
}

/** How the store would run a query: the scans of its plan, and whether an index serves it. */
export interface QueryPlan {
  store: 'ferretdb' | 'mongodb';
  scans: string[];
  indexed: boolean;
}

type CommandDocument = mongo.Document & { q?: mongo.Document; query?: mongo.Document; filter?: mongo.Document };

/** The filters of a command that reads or writes documents by a filter; none for the rest. */
function filtersOf(event: mongo.CommandStartedEvent): Array<{ collection: string; filter: mongo.Document }> {
  const command = event.command as mongo.Document;
  const collection = String(command[event.commandName] ?? '');
  switch (event.commandName) {
    case 'find':
      return [{ collection, filter: (command.filter as mongo.Document | undefined) ?? {} }];
    case 'count':
      return [{ collection, filter: (command.query as mongo.Document | undefined) ?? {} }];
    case 'findAndModify':
      return [{ collection, filter: (command.query as mongo.Document | undefined) ?? {} }];
    case 'delete':
      return ((command.deletes as CommandDocument[] | undefined) ?? []).map((d) => ({ collection, filter: d.q ?? {} }));
    case 'update':
      return ((command.updates as CommandDocument[] | undefined) ?? []).map((u) => ({ collection, filter: u.q ?? {} }));
    case 'aggregate': {
      const first = ((command.pipeline as mongo.Document[] | undefined) ?? [])[0];
      return [{ collection, filter: (first?.$match as mongo.Document | undefined) ?? {} }];
    }
    default:
      return [];
  }
}

/** The shape of a filter: its fields and operators, not its values (one query shape is explained once). */
export function filterShape(filter: unknown): unknown {
  if (Array.isArray(filter)) return filter.length > 0 ? [filterShape(filter[0])] : [];
  if (filter === null) return 'null';
  if (filter instanceof Date || typeof filter !== 'object') return typeof filter;
  return Object.fromEntries(Object.entries(filter as Record<string, unknown>).map(([k, v]) => [k, filterShape(v)]));
}

/** Records the queries a driver sends (pass `record` as a connection's command listener). */
export class QueryRecorder {
  private readonly shapes = new Map<string, RecordedQuery>();

  readonly record = (event: mongo.CommandStartedEvent): void => {
    for (const { collection, filter } of filtersOf(event)) {
      const query = { database: event.databaseName, collection, command: event.commandName, filter };
      const key = JSON.stringify([query.database.replace(/[-_][a-z0-9]+$/i, ''), collection, event.commandName, filterShape(filter)]);
      if (!this.shapes.has(key)) this.shapes.set(key, query);
    }
  };

  /** One query of each shape seen. */
  queries(): RecordedQuery[] {
    return [...this.shapes.values()];
  }
}

function planNodes(plan: unknown, into: string[] = []): string[] {
  if (Array.isArray(plan)) {
    for (const item of plan) planNodes(item, into);
    return into;
  }
  if (plan === null || typeof plan !== 'object') return into;
  const node = plan as Record<string, unknown>;
  // An index scan without a condition reads the whole index: what PostgreSQL does with sequential scans disabled and no index that serves the filter.
  if (typeof node['Node Type'] === 'string') into.push(/Index/.test(node['Node Type']) && !('Index Cond' in node) ? `${node['Node Type']} (whole index)` : node['Node Type']);
  if (typeof node.stage === 'string') into.push(node.stage);
  for (const value of Object.values(node)) if (typeof value === 'object') planNodes(value, into);
  return into;
}

const isFullScan = (scan: string): boolean => scan === 'Seq Scan' || scan === 'COLLSCAN' || scan.endsWith('(whole index)');

/**
 * Explains `filter` as a find on the collection. FerretDB answers with PostgreSQL's plan; MongoDB
 * with its winning plan. A plan without a sequential or collection scan reads through an index.
 */
export async function explainFilter(db: mongo.Db, collection: string, filter: mongo.Document): Promise<QueryPlan> {
  const explained = await db.collection(collection).find(filter).explain('queryPlanner');
  const planner = (explained.queryPlanner ?? {}) as mongo.Document;
  const store = 'Plan' in planner ? 'ferretdb' : 'mongodb';
  const scans = planNodes(store === 'ferretdb' ? planner.Plan : planner.winningPlan).filter((node) => /Scan|SCAN|IDHACK|EXPRESS/.test(node));
  return { store, scans, indexed: scans.length > 0 && !scans.some(isFullScan) };
}

const isOperatorObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).some((k) => k.startsWith('$'));

/**
 * Whether a sharded store sends a query with this filter only to the shards that hold its documents:
 * the filter pins the shard key's first field to one value or a list (`$in`), in every branch of an
 * `$or` or in one condition of an `$and`. Any other filter goes to every shard (a scatter).
 */
export function targetsShardKey(filter: mongo.Document, key: readonly string[]): boolean {
  const field = key[0];
  if (field === undefined) return true;
  const pins = (f: mongo.Document): boolean => {
    if (Array.isArray(f.$and) && (f.$and as mongo.Document[]).some(pins)) return true;
    if (Array.isArray(f.$or) && f.$or.length > 0 && (f.$or as mongo.Document[]).every(pins)) return true;
    if (!(field in f)) return false;
    const value = f[field] as unknown;
    // A regular expression matches many values: every shard.
    const pattern = (v: unknown) => v instanceof RegExp || (v as { _bsontype?: string } | null)?._bsontype === 'BSONRegExp';
    if (pattern(value)) return false;
    if (!isOperatorObject(value)) return true;
    return '$eq' in value || (Array.isArray(value.$in) && !value.$in.some(pattern));
  };
  return pins(filter);
}
