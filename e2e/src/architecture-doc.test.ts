import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as contracts from '@obp/contracts';
import { eventCatalogues, renderTopicMap, repoRoot, topicUses, withTopicMap } from '@obp/testkit';

const document = () => readFileSync(join(repoRoot, 'docs/architecture.md'), 'utf8');

describe('docs/architecture.md', () => {
  it('shows the topic map the services’ code makes: who publishes and who consumes each topic (npx tsx scripts/topic-map.ts rewrites it)', () => {
    const map = renderTopicMap(topicUses(repoRoot, join(repoRoot, 'services'), eventCatalogues(contracts)));
    const written = document();
    expect(written).toBe(withTopicMap(written, map));
  });

  it('names every package under packages/', () => {
    const packages = readdirSync(join(repoRoot, 'packages'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => (JSON.parse(readFileSync(join(repoRoot, 'packages', entry.name, 'package.json'), 'utf8')) as { name: string }).name);
    expect(packages.length).toBeGreaterThan(0);
    expect(packages.filter((name) => !document().includes(`\`${name}\``))).toEqual([]);
  });
});
