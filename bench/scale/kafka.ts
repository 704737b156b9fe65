/** The run's Kafka consumer groups: waiting until they have caught up, and removing the run's topics. */
import { setTimeout as sleep } from 'node:timers/promises';
import { AssignerProtocol, type Admin, type GroupDescription } from 'kafkajs';
import { createKafka } from '@obp/bus';
import { createLogger } from '@obp/telemetry';

const POLL_MS = 1000;

async function withAdmin<T>(brokers: string[], use: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = createKafka('bench', brokers, createLogger('bench', 'error')).admin();
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.disconnect();
  }
}

/** Where the namespace's consumers stand: messages not yet processed per group, and the end offset of each topic they read. */
interface Position {
  lags: Map<string, number>;
  ends: Map<string, number>;
}

function assignedTopics(group: GroupDescription): string[] {
  const topics = new Set<string>();
  for (const member of group.members) {
    const assignment = AssignerProtocol.MemberAssignment.decode(member.memberAssignment);
    for (const topic of Object.keys(assignment?.assignment ?? {})) topics.add(topic);
  }
  return [...topics];
}

/** Adds the group's lag (a partition never committed counts from its start) and its topics' end offsets to `position`. */
async function addGroup(admin: Admin, group: GroupDescription, name: string, position: Position): Promise<void> {
  let lag = 0;
  for (const { topic, partitions } of await admin.fetchOffsets({ groupId: group.groupId, topics: assignedTopics(group) })) {
    const ends = new Map((await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, p]));
    position.ends.set(topic, [...ends.values()].reduce((sum, p) => sum + Number(p.high), 0));
    for (const { partition, offset } of partitions) {
      const end = ends.get(partition);
      if (!end) continue;
      const committed = Number(offset) >= 0 ? Number(offset) : Number(end.low);
      lag += Math.max(0, Number(end.high) - committed);
    }
  }
  position.lags.set(name, lag);
}

/** undefined while a group rebalances. */
async function namespacePosition(admin: Admin, namespace: string): Promise<Position | undefined> {
  const { groups } = await admin.listGroups();
  const ids = groups.map((g) => g.groupId).filter((id) => id.startsWith(`${namespace}.`));
  const position: Position = { lags: new Map(), ends: new Map() };
  for (const group of (await admin.describeGroups(ids)).groups) {
    if (group.state !== 'Stable') return undefined;
    await addGroup(admin, group, group.groupId.slice(namespace.length + 1), position);
  }
  return position;
}

export interface CatchUp {
  seconds: number;
  done: boolean;
  /** Messages not yet processed when it stopped waiting; undefined while a group rebalanced. */
  lag: number | undefined;
  /** Messages published to the consumed topics while it waited (by outbox relays draining a backlog). */
  published: number;
}

const totalLag = (position: Position | undefined) => (position ? [...position.lags.values()].reduce((a, b) => a + b, 0) : undefined);
const produced = (position: Position | undefined) => (position ? [...position.ends.values()].reduce((a, b) => a + b, 0) : undefined);

function describe(position: Position | undefined): string {
  if (!position) return 'a consumer group is rebalancing';
  const behind = [...position.lags].filter(([, lag]) => lag > 0).map(([group, lag]) => `${group} ${lag}`);
  return `${behind.length > 0 ? behind.join(', ') : 'none'} messages behind; ${produced(position)} on their topics so far (outbox relays still publishing while this grows)`;
}

/**
 * Waits until the namespace's consumers have processed everything and nothing new has been
 * published for two polls in a row: lag alone reads 0 while an outbox relay is still draining a
 * backlog as fast as the consumers read it. Says every `reportSeconds` where it stands. Returns the
 * seconds waited, whether that happened before the timeout, and the lag left.
 */
export function waitForConsumers(brokers: string[], namespace: string, timeoutSeconds: number, reportSeconds = 30): Promise<CatchUp> {
  return withAdmin(brokers, async (admin) => {
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    let quietPolls = 0;
    let position: Position | undefined;
    let firstProduced: number | undefined;
    let reported = 0;
    while (elapsed() < timeoutSeconds) {
      const previous = produced(position);
      position = await namespacePosition(admin, namespace);
      firstProduced ??= produced(position);
      quietPolls = totalLag(position) === 0 && produced(position) === previous ? quietPolls + 1 : 0;
      if (quietPolls === 2) break;
      if (elapsed() - reported >= reportSeconds) {
        reported = elapsed();
        console.log(`  waiting for consumers (${reported.toFixed(0)} s): ${describe(position)}`);
      }
      await sleep(POLL_MS);
    }
    return { seconds: elapsed(), done: quietPolls === 2, lag: totalLag(position), published: (produced(position) ?? 0) - (firstProduced ?? 0) };
  });
}

/** Deletes the run's topics from an external Kafka. */
export function deleteNamespaceTopics(brokers: string[], namespace: string): Promise<void> {
  return withAdmin(brokers, async (admin) => {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(`${namespace}.`));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  });
}
