import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventCatalogues, renderTopicMap, TOPIC_MAP_END, TOPIC_MAP_START, topicUses, withTopicMap } from './topic-map';

const catalogues = { orderEvents: { topic: 'order.events.v1' }, stockEvents: { topic: 'stock.events.v1' }, shareEvents: { topic: 'share.events.v1' } };

/** A throwaway `services/` folder: each service's files under its `src/`. */
async function servicesDir(services: Record<string, Record<string, string>>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'topic-map-'));
  for (const [dir, files] of Object.entries(services))
    for (const [name, text] of Object.entries(files)) {
      await mkdir(join(root, 'services', dir, 'src', name, '..'), { recursive: true });
      await writeFile(join(root, 'services', dir, 'src', name), text);
    }
  return root;
}

describe('topic map', () => {
  const made: string[] = [];
  afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

  const orders = `export const SERVICE_NAME = 'orders';
export const definition = {
  async compose(kit) {
    const events = kit.events(orderEvents);
    kit.invalidateOn(store, orderEvents);
    wire(kit);
    return { events };
  },
};`;
  const wiring = `export function wire(kit) {
  kit.subscribe('stock-levels', stockEvents, { 'stock.changed': onStockChanged });
  kit.shareGrants();
}`;
  const stock = `export const SERVICE_NAME = 'stock-keeper';
export const definition = { compose: async (kit) => { kit.events(stockEvents); kit.subscribeRuns('orders', orderEvents, apply); kit.subscribe('own', stockEvents, {}); } };`;

  it('reads who publishes and who consumes each topic from the kit calls in every file of every service, tests left out', async () => {
    const root = await servicesDir({
      orders: { 'orders-service.ts': orders, 'wiring/wire.ts': wiring, 'orders.test.ts': "kit.subscribe('test-only', stockEvents, {});" },
      stock: { 'stock-service.ts': stock },
      gateway: { 'gateway-service.ts': "export const SERVICE_NAME = 'gateway';" },
    });
    made.push(root);
    const { uses, services } = topicUses(root, join(root, 'services'), catalogues);
    expect(services).toEqual(['gateway', 'orders', 'stock-keeper']);
    expect(uses.map(({ service, topic, role, group, via }) => ({ service, topic, role, group, via }))).toEqual([
      { service: 'orders', topic: 'order.events.v1', role: 'publishes', group: undefined, via: 'kit.events' },
      { service: 'orders', topic: 'order.events.v1', role: 'consumes', group: 'per process', via: 'kit.invalidateOn' },
      { service: 'orders', topic: 'stock.events.v1', role: 'consumes', group: 'orders-stock-levels', via: 'kit.subscribe' },
      { service: 'orders', topic: 'share.events.v1', role: 'consumes', group: 'orders-share-grants', via: 'kit.shareGrants' },
      { service: 'stock-keeper', topic: 'stock.events.v1', role: 'publishes', group: undefined, via: 'kit.events' },
      { service: 'stock-keeper', topic: 'order.events.v1', role: 'consumes', group: 'stock-keeper-orders', via: 'kit.subscribeRuns' },
      { service: 'stock-keeper', topic: 'stock.events.v1', role: 'consumes', group: 'stock-keeper-own', via: 'kit.subscribe' },
    ]);
    expect(uses.find((u) => u.via === 'kit.subscribe')!.at).toBe('services/orders/src/wiring/wire.ts:2');

    const map = renderTopicMap({ uses, services });
    expect(map.split('\n').slice(0, 8)).toEqual([
      '| topic | published by (its outbox) | consumed by | consumer group | how |',
      '|---|---|---|---|---|',
      '| `order.events.v1` | orders | orders | one per process | `kit.invalidateOn`: forgets the changed aggregates it cached (every process hears every key) |',
      '|  |  | stock-keeper | `stock-keeper-orders` | `kit.subscribeRuns`: a handler per run of events |',
      '| `share.events.v1` | nobody | orders | `orders-share-grants` | `kit.shareGrants`: keeps its own share grants |',
      '| `stock.events.v1` | stock-keeper | orders | `orders-stock-levels` | `kit.subscribe`: a handler per event type |',
      '|  |  | stock-keeper | `stock-keeper-own` | `kit.subscribe`: a handler per event type |',
      '',
    ]);
    expect(map).toContain('Neither publishes nor consumes events: gateway.');
  });

  it('refuses what it cannot follow: a catalogue that is not an exported one, a subscription named by a variable, a Kafka client built by hand', async () => {
    const root = await servicesDir({
      computed: { 's.ts': "export const SERVICE_NAME = 'computed';\nkit.subscribe('x', pick(orderEvents), {});" },
    });
    made.push(root);
    expect(() => topicUses(root, join(root, 'services'), catalogues)).toThrow('services/computed/src/s.ts:2: kit.subscribe names its event catalogue as `pick(orderEvents)`');
    await writeFile(join(root, 'services/computed/src/s.ts'), "export const SERVICE_NAME = 'computed';\nkit.subscribe(name, orderEvents, {});");
    expect(() => topicUses(root, join(root, 'services'), catalogues)).toThrow('kit.subscribe names its subscription as `name`');
    await writeFile(join(root, 'services/computed/src/s.ts'), "export const SERVICE_NAME = 'computed';\nconst c = new IdempotentConsumer({ topics: ['order.events.v1'] });");
    expect(() => topicUses(root, join(root, 'services'), catalogues)).toThrow('services/computed/src/s.ts:2: a service builds its own IdempotentConsumer');
  });

  it('takes the catalogues among a module’s exports, and replaces only what stands between the markers of a document', () => {
    expect(eventCatalogues({ orderEvents: { topic: 'order.events.v1', types: {} }, Topics: { orderEvents: 'order.events.v1' }, n: 1 })).toEqual({ orderEvents: { topic: 'order.events.v1', types: {} } });
    const document = `# Title\n\n${TOPIC_MAP_START}\nold map\n${TOPIC_MAP_END}\n\nAfter.\n`;
    expect(withTopicMap(document, 'new map')).toBe(`# Title\n\n${TOPIC_MAP_START}\nnew map\n${TOPIC_MAP_END}\n\nAfter.\n`);
    expect(() => withTopicMap('# No map here\n', 'new map')).toThrow('the document has no topic map');
  });
});
