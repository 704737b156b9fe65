import { AssignerProtocol, type Admin } from 'kafkajs';
import { createKafka } from '@obp/bus';
import { createPlatformClient, type PlatformClient } from '@obp/client';
import { createLogger } from '@obp/telemetry';
import { uniqueName, waitFor } from '@obp/testkit';
import { startStack, type Stack, type TestClient } from './harness';
import { RecordingReceiver } from './recording-receiver';

// Two instances of every service, each behind its own edge, against one Kafka and one store: what the
// local store can prove of several replicas (docs/architecture.md, "Several instances of a service").
let stack: Stack;
let secondEdge: string;
let owner: TestClient;
let token: string;
let admin: Admin;
const receiver = new RecordingReceiver();
const WAIT = { timeoutMs: 90_000, intervalMs: 250 };

beforeAll(async () => {
  stack = await startStack();
  secondEdge = await stack.startSecondInstances();
  owner = await stack.registerClient();
  token = await stack.token(owner);
  await receiver.start();
  admin = createKafka(uniqueName('replicas-test'), stack.kafkaBrokers, createLogger('test', 'silent')).admin();
  await admin.connect();
}, 120_000);
afterAll(async () => {
  await admin?.disconnect();
  await receiver.stop();
  await stack?.stop();
});

/** The generated API client through the edge of the first instances (0) or of the second ones (1). */
function api(edge: 0 | 1): PlatformClient {
  return edge === 0 ? stack.clientWithToken(token) : createPlatformClient({ baseUrl: secondEdge, accessToken: () => token });
}

describe('two instances of every service against one Kafka and one store', () => {
  it('shares every consumer group between the instances: both are members, each partition has one owner', async () => {
    const groups = await waitFor(
      async () => {
        const ids = (await admin.listGroups()).groups.map((g) => g.groupId).filter((id) => id.startsWith(`${stack.namespace}.`) && !id.includes('-cache.'));
        const { groups: described } = await admin.describeGroups(ids);
        return described.length > 0 && described.every((g) => g.state === 'Stable' && g.members.length === 2) ? described : undefined;
      },
      { what: 'every consumer group stable with both instances', ...WAIT },
    );
    // A subscription per service and topic: analysis 2, feedback 2, sequencing 2 (with share grants), share 1, webhooks 4, consent's own.
    expect(groups.length).toBeGreaterThanOrEqual(10);
    for (const group of groups) {
      const owned = group.members.flatMap((member) => {
        const assignment = AssignerProtocol.MemberAssignment.decode(member.memberAssignment);
        return Object.entries(assignment?.assignment ?? {}).flatMap(([topic, partitions]) => partitions.map((p) => `${topic}/${p}`));
      });
      // What the members subscribed to, not what they were given: a topic nobody was given counts too.
      const topics = [...new Set(group.members.flatMap((member) => AssignerProtocol.MemberMetadata.decode(member.memberMetadata)?.topics ?? []))];
      expect(topics.length).toBeGreaterThan(0);
      const partitions = (await admin.fetchTopicMetadata({ topics })).topics.flatMap((t) => t.partitions.map((p) => `${t.name}/${p.partitionId}`));
      expect({ group: group.groupId, owned: [...owned].sort() }).toEqual({ group: group.groupId, owned: [...partitions].sort() });
    }
  });

  it('delivers every share event to the webhook endpoint once, whichever instances created, published and delivered it', async () => {
    const created = await api(0).POST('/webhooks', { body: { url: receiver.url('/replicas'), events: ['share.created'], description: 'replicas test' } });
    expect(created.response.status).toBe(201);
    const shareIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { data, response } = await api(i % 2 === 0 ? 0 : 1).POST('/shares', { body: { clientId: 'partner-app' } });
      expect(response.status).toBe(200);
      shareIds.push(data.data);
    }
    const sharesDelivered = () => new Set(receiver.on('/replicas').map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id));
    await waitFor(async () => shareIds.every((id) => sharesDelivered().has(id)), { what: 'every share.created delivered', ...WAIT });
    const endpointId = created.data.data.id;
    const attempts = (await api(1).GET('/webhooks/{id}/deliveries', { params: { path: { id: endpointId }, query: { pageSize: 500 } } })).data.data ?? [];
    const requestsPerMessage = new Map<string, number>();
    for (const request of receiver.on('/replicas')) requestsPerMessage.set(String(request.headers['webhook-id']), (requestsPerMessage.get(String(request.headers['webhook-id'])) ?? 0) + 1);
    expect({ messages: requestsPerMessage.size, requests: [...new Set(requestsPerMessage.values())], attempts: attempts.length }).toEqual({ messages: shareIds.length, requests: [1], attempts: shareIds.length });
  });
});
