import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createKafka } from '@obp/bus';
import { topicSpecs } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';
import { repoRoot, testEnv, uniqueName } from '@obp/testkit';

const exec = promisify(execFile);

/** infra/create-topics.ts as the Kubernetes Job and infra/up.sh run it. */
const createTopics = (env: Record<string, string>) =>
  exec(process.execPath, ['--require', 'tsx/cjs', join(repoRoot, 'infra/create-topics.ts')], {
    cwd: repoRoot,
    env: { ...process.env, KAFKA_BROKERS: testEnv().kafkaBrokers.join(','), ...env },
  });

describe('create-topics', () => {
  it('creates every topic of the platform inside the deployment’s NAMESPACE, where the services look for them', async () => {
    const namespace = uniqueName('ns').toLowerCase().replace(/[^a-z0-9-]/g, '-');
    const { stdout } = await createTopics({ NAMESPACE: namespace });
    const expected = topicSpecs.map((t) => `${namespace}.${t.topic}`);
    expect(stdout).toContain(expected[0]);

    const admin = createKafka(uniqueName('create-topics-test'), testEnv().kafkaBrokers, createLogger('test', 'silent')).admin();
    await admin.connect();
    try {
      const topics = await admin.listTopics();
      expect(topics).toEqual(expect.arrayContaining(expected));
      const { topics: metadata } = await admin.fetchTopicMetadata({ topics: expected });
      expect(metadata.map((t) => t.partitions.length)).toEqual(topicSpecs.map((t) => t.partitions));
    } finally {
      await admin.disconnect();
    }
  });

  it('refuses a NAMESPACE that is no valid name, naming it', async () => {
    await expect(createTopics({ NAMESPACE: 'Not Valid!' })).rejects.toMatchObject({ stderr: expect.stringContaining('NAMESPACE') });
  });
});
