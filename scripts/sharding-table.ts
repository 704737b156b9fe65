/**
 * Writes the sharding table of docs/scaling.md from the plan in @obp/platform (`collectionSharding`);
 * packages/platform/src/sharding.test.ts fails while the document and the plan disagree.
 *
 *   npx tsx scripts/sharding-table.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderShardingTable, withShardingTable } from '@obp/platform';

const documentPath = join(__dirname, '..', 'docs/scaling.md');
writeFileSync(documentPath, withShardingTable(readFileSync(documentPath, 'utf8'), renderShardingTable()));
