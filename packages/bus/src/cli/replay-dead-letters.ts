/**
 * Puts a consumer group's dead letters back, for that group alone to process again (see
 * `replayDeadLetters`). Usage (from source: npx tsx packages/bus/src/cli/replay-dead-letters.ts; built:
 * node dist/tools/replay-dead-letters.js):
 *   --list                                 every dead-letter topic, its topic and group, messages in its log
 *   --topic TOPIC --group GROUP [--since ISO-8601] [--dry-run]
 * TOPIC and GROUP as named in Kafka (with the deployment's NAMESPACE), as --list prints them. Prints one
 * JSON line per dead letter replayed (or, with --dry-run, that would be) and a summary line.
 * Reads KAFKA_BROKERS, EVENT_LOG_ROLL_MS and EVENT_LOG_LAG_BOUND_MS like the services.
 */
import { parseArgs } from 'node:util';
import { commonEnv, loadConfig, z } from '@obp/config';
import { createLogger } from '@obp/telemetry';
import { replayDeadLetters } from '../dead-letter-replay';
import { createKafka } from '../kafka';

const DLQ_MARK = '.dlq.';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      list: { type: 'boolean', default: false },
      topic: { type: 'string' },
      group: { type: 'string' },
      since: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  const config = loadConfig(z.object({ KAFKA_BROKERS: commonEnv.KAFKA_BROKERS, EVENT_LOG_ROLL_MS: commonEnv.EVENT_LOG_ROLL_MS, EVENT_LOG_LAG_BOUND_MS: commonEnv.EVENT_LOG_LAG_BOUND_MS, LOG_LEVEL: commonEnv.LOG_LEVEL, KAFKA_REPLICATION_FACTOR: commonEnv.KAFKA_REPLICATION_FACTOR }));
  const kafka = createKafka('replay-dead-letters', config.KAFKA_BROKERS, createLogger('replay-dead-letters', config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL), {
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
  });
  if (values.list) return list(kafka);
  const since = values.since === undefined ? undefined : new Date(values.since);
  if (!values.topic || !values.group || (since && Number.isNaN(since.getTime()))) {
    throw new Error('Give --list, or --topic and --group (as --list prints them), and --since as an ISO 8601 instant if at all.');
  }
  const report = await replayDeadLetters({ kafka, topic: values.topic, groupId: values.group, since, dryRun: values['dry-run'], eventLog: { rollMs: config.EVENT_LOG_ROLL_MS, lagBoundMs: config.EVENT_LOG_LAG_BOUND_MS } });
  const action = values['dry-run'] ? 'would replay' : 'replayed';
  for (const letter of report.replayed) process.stdout.write(JSON.stringify({ action, ...letter }) + '\n');
  for (const letter of report.skipped) process.stdout.write(JSON.stringify({ action: 'left', ...letter }) + '\n');
  process.stdout.write(
    `${values['dry-run'] ? 'dry run: ' : ''}${report.replayed.length} ${action} from ${report.deadLetterTopic} to ${report.replayTopic}; ${report.skipped.length} left; ${report.superseded} keys superseded or erased\n`,
  );
}

async function list(kafka: ReturnType<typeof createKafka>): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.includes(DLQ_MARK)).sort();
    for (const topic of topics) {
      const at = topic.indexOf(DLQ_MARK);
      const inLog = (await admin.fetchTopicOffsets(topic)).reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
      process.stdout.write(JSON.stringify({ deadLetterTopic: topic, topic: topic.slice(0, at), group: topic.slice(at + DLQ_MARK.length), messagesInLog: inLog }) + '\n');
    }
  } finally {
    await admin.disconnect();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
