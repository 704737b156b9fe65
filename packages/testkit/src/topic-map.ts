import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type * as TS from 'typescript';
import { typescript } from './typescript';

/**
 * Which service publishes and which consumes each topic, read from the services' code: every topic a
 * service touches goes through its `ServiceKit` (`kit.events`, `kit.subscribe`, `kit.subscribeRuns`,
 * `kit.shareGrants`, `kit.invalidateOn`), so the calls in its source are the whole map.
 * `docs/architecture.md` holds the rendered map; `scripts/topic-map.ts` writes it.
 */

export interface TopicUse {
  service: string;
  topic: string;
  role: 'publishes' | 'consumes';
  /** The consumer group; `undefined` for a publisher, `per process` for a cache's listener. */
  group?: string;
  /** The kit call that makes the use. */
  via: string;
  /** Where the call is, `services/<dir>/src/…:line`. */
  at: string;
}

/** The kit calls that touch a topic, and which argument is the event catalogue (`undefined`: the topic is fixed). */
const TOPIC_CALLS: Record<string, { role: TopicUse['role']; catalogueArg?: number; topic?: string }> = {
  events: { role: 'publishes', catalogueArg: 0 },
  subscribe: { role: 'consumes', catalogueArg: 1 },
  subscribeRuns: { role: 'consumes', catalogueArg: 1 },
  invalidateOn: { role: 'consumes', catalogueArg: 1 },
  shareGrants: { role: 'consumes', topic: 'share.events.v1' },
};

/** Constructors of Kafka clients that only the building blocks may call: a service that did would use a topic the map cannot see. */
const CLIENT_CLASSES = ['IdempotentConsumer', 'KeyBroadcast', 'EventWriter', 'ShareGrants', 'OutboxRelay'];

const isRuntimeSource = (name: string) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.fixture.ts') && !name.endsWith('.d.ts');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (isRuntimeSource(entry.name)) out.push(path);
  }
  return out.sort();
}

function visit(node: TS.Node, each: (node: TS.Node) => void): void {
  each(node);
  node.forEachChild((child) => visit(child, each));
}

/**
 * The topic uses of every service under `servicesDir` (one folder per service, its code in `src/`).
 * `catalogues` are the event catalogues a call may name, by their exported name (`consentEvents`).
 * Throws when a kit call names its catalogue in a way this cannot follow, or a service builds a Kafka
 * client of its own: the map would be incomplete.
 */
export function topicUses(root: string, servicesDir: string, catalogues: Record<string, { topic: string }>): { uses: TopicUse[]; services: string[] } {
  const ts = typescript();
  const uses: TopicUse[] = [];
  const services: string[] = [];
  for (const dir of readdirSync(servicesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    const files = sourceFiles(join(servicesDir, dir, 'src'));
    const parsed = files.map((file) => ({ file, source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true) }));
    let declared: string | undefined;
    for (const { source } of parsed)
      visit(source, (node) => {
        if (ts.isVariableDeclaration(node) && node.name.getText() === 'SERVICE_NAME' && node.initializer && ts.isStringLiteral(node.initializer)) declared = node.initializer.text;
      });
    if (!declared) throw new Error(`services/${dir} declares no SERVICE_NAME`);
    const service = declared;
    services.push(service);
    for (const { file, source } of parsed) {
      const at = (node: TS.Node) => `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      visit(source, (node) => {
        if (ts.isNewExpression(node) && CLIENT_CLASSES.includes(node.expression.getText()))
          throw new Error(`${at(node)}: a service builds its own ${node.expression.getText()}; go through its ServiceKit, so the topic map sees the topic`);
        if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.expression.expression.getText() !== 'kit') return;
        const method = node.expression.name.text;
        const call = TOPIC_CALLS[method];
        if (!call) return;
        let topic = call.topic;
        if (call.catalogueArg !== undefined) {
          const arg = node.arguments[call.catalogueArg];
          const catalogue = arg && ts.isIdentifier(arg) ? catalogues[arg.text] : undefined;
          if (!catalogue) throw new Error(`${at(node)}: kit.${method} names its event catalogue as \`${arg?.getText()}\`, not as an exported catalogue of @obp/contracts`);
          topic = catalogue.topic;
        }
        const name = method === 'subscribe' || method === 'subscribeRuns' ? node.arguments[0] : undefined;
        if (name && !ts.isStringLiteral(name)) throw new Error(`${at(node)}: kit.${method} names its subscription as \`${name.getText()}\`, not as a string`);
        const group = call.role === 'publishes' ? undefined : method === 'invalidateOn' ? 'per process' : method === 'shareGrants' ? `${service}-share-grants` : `${service}-${(name as TS.StringLiteral).text}`;
        uses.push({ service, topic: topic!, role: call.role, group, via: `kit.${method}`, at: at(node) });
      });
    }
  }
  return { uses, services };
}

const WHAT_A_CALL_IS: Record<string, string> = {
  'kit.subscribe': 'a handler per event type',
  'kit.subscribeRuns': 'a handler per run of events',
  'kit.shareGrants': 'keeps its own share grants',
  'kit.invalidateOn': 'forgets the changed aggregates it cached (every process hears every key)',
};

/** The map as markdown: a table of topics with their publishers and consumers, and the services that touch no topic. */
export function renderTopicMap({ uses, services }: { uses: TopicUse[]; services: string[] }): string {
  const topics = [...new Set(uses.map((u) => u.topic))].sort();
  const rows = ['| topic | published by (its outbox) | consumed by | consumer group | how |', '|---|---|---|---|---|'];
  for (const topic of topics) {
    const publishers = [...new Set(uses.filter((u) => u.topic === topic && u.role === 'publishes').map((u) => u.service))].sort();
    const consumers = uses
      .filter((u) => u.topic === topic && u.role === 'consumes')
      .sort((a, b) => a.service.localeCompare(b.service) || a.group!.localeCompare(b.group!));
    const published = publishers.length > 0 ? publishers.join(', ') : 'nobody';
    if (consumers.length === 0) rows.push(`| \`${topic}\` | ${published} | nobody | | |`);
    consumers.forEach((c, i) =>
      rows.push(`| ${i === 0 ? `\`${topic}\`` : ''} | ${i === 0 ? published : ''} | ${c.service} | ${c.group === 'per process' ? 'one per process' : `\`${c.group}\``} | \`${c.via}\`: ${WHAT_A_CALL_IS[c.via]} |`),
    );
  }
  const quiet = services.filter((s) => !uses.some((u) => u.service === s)).sort();
  const lines = [...rows, ''];
  if (quiet.length > 0) lines.push(`Neither publishes nor consumes events: ${quiet.join(', ')}.`, '');
  lines.push(
    'Groups and topics take `<NAMESPACE>.` before their names when a namespace is set. Every named group also has its dead-letter topic `<topic>.dlq.<group>` and its replay topic `<topic>.replay.<group>` (see `@obp/bus`), which only that group reads.',
  );
  return lines.join('\n');
}

export const TOPIC_MAP_START = '<!-- topic map: generated by `npx tsx scripts/topic-map.ts` from the services\u2019 kit calls; e2e/src/architecture-doc.test.ts checks it -->';
export const TOPIC_MAP_END = '<!-- end of topic map -->';

/** The document with its topic map replaced by `map`; throws when the document has no place for it. */
export function withTopicMap(document: string, map: string): string {
  const start = document.indexOf(TOPIC_MAP_START);
  const end = document.indexOf(TOPIC_MAP_END);
  if (start < 0 || end < start) throw new Error(`the document has no topic map between "${TOPIC_MAP_START}" and "${TOPIC_MAP_END}"`);
  return `${document.slice(0, start + TOPIC_MAP_START.length)}\n${map}\n${document.slice(end)}`;
}

/** The event catalogues among a module's exports (`defineEvents` results), by their exported name. */
export function eventCatalogues(exports: Record<string, unknown>): Record<string, { topic: string }> {
  const isCatalogue = (value: unknown): value is { topic: string } =>
    typeof value === 'object' && value !== null && typeof (value as { topic?: unknown }).topic === 'string' && typeof (value as { types?: unknown }).types === 'object';
  return Object.fromEntries(Object.entries(exports).filter(([, value]) => isCatalogue(value))) as Record<string, { topic: string }>;
}
