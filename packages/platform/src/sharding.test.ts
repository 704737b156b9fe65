import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectionSharding, renderShardingTable, scatterName, SHARDING_TABLE_END, SHARDING_TABLE_START, shardingOf, withShardingTable } from './sharding';

describe('the sharding plan', () => {
  it('is the table docs/scaling.md shows (npx tsx scripts/sharding-table.ts rewrites it)', () => {
    const document = readFileSync(join(__dirname, '../../../docs/scaling.md'), 'utf8');
    expect(withShardingTable(document, renderShardingTable())).toBe(document);
  });

  it('gives every collection a reason, a key only with fields, and scatters only on sharded collections', () => {
    for (const [database, collections] of Object.entries(collectionSharding)) {
      for (const [collection, sharding] of Object.entries(collections)) {
        const where = `${database}.${collection}`;
        expect([where, sharding.why.length > 10]).toEqual([where, true]);
        if (sharding.key !== null) expect([where, sharding.key.length > 0]).toEqual([where, true]);
        if (sharding.key === null) expect([where, sharding.scatters]).toEqual([where, undefined]);
      }
    }
  });

  it('finds a collection by database and names a scatter by its filter’s fields in order', () => {
    expect(shardingOf('consent', 'transaction_buckets')?.key).toEqual(['accountId']);
    expect(shardingOf('consent', 'no_such_collection')).toBeUndefined();
    expect(scatterName({ ownerClientId: 'a', deletedAt: null })).toBe('deletedAt,ownerClientId');
    expect(scatterName({})).toBe('');
  });

  it('replaces only what is between the markers', () => {
    const document = `before\n${SHARDING_TABLE_START}\nold\n${SHARDING_TABLE_END}\nafter`;
    expect(withShardingTable(document, 'new')).toBe(`before\n${SHARDING_TABLE_START}\nnew\n${SHARDING_TABLE_END}\nafter`);
    expect(() => withShardingTable('no markers', 'new')).toThrow('markers');
  });
});
