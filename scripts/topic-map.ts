/**
 * Writes the topic map of docs/architecture.md from the services' kit calls (see `topicUses` in
 * @obp/testkit); e2e/src/architecture-doc.test.ts fails while the document and the code disagree.
 *
 *   npx tsx scripts/topic-map.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contracts from '@obp/contracts';
import { eventCatalogues, renderTopicMap, topicUses, withTopicMap } from '@obp/testkit';

const root = join(__dirname, '..');
const documentPath = join(root, 'docs/architecture.md');
const map = renderTopicMap(topicUses(root, join(root, 'services'), eventCatalogues(contracts)));
writeFileSync(documentPath, withTopicMap(readFileSync(documentPath, 'utf8'), map));
console.log(map);
