import { scatterName, shardingOf } from '@obp/platform';
import { targetsShardKey, type RecordedQuery } from '@obp/testkit';

/**
 * What a sharded store would send to every shard among `queries` without the platform's sharding plan
 * (`collectionSharding` in @obp/platform) listing it as a scatter with its reason, and the collections the
 * plan does not know: one line each.
 */
export function unplannedScatters(queries: readonly RecordedQuery[]): string[] {
  const problems = new Set<string>();
  for (const query of queries) {
    const database = query.database.replace(/_[a-z0-9]{10}$/, '');
    const sharding = shardingOf(database, query.collection);
    if (!sharding) {
      problems.add(`${database}.${query.collection}: not in the sharding plan`);
      continue;
    }
    if (sharding.key === null || targetsShardKey(query.filter, sharding.key)) continue;
    const name = scatterName(query.filter);
    if (sharding.scatters?.[name] === undefined) problems.add(`${database}.${query.collection} ${query.command} by ${name || 'nothing'}: every shard (key ${sharding.key.join(', ')})`);
  }
  return [...problems];
}
