import type { ShareDto, SubscribableWebhookEventType } from '@obp/contracts';
import { connectDatabase, database, ErasedIds, runMigrations, type Connection, type mongo } from '@obp/db';
import { AggregateStore } from '@obp/store';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { newEndpoint, type WebhookEndpoint } from '../../domain/webhook-endpoint';
import { AttemptLog } from '../../infrastructure/attempt-log';
import { endpointStoreOptions, type EndpointStore } from '../../infrastructure/endpoint-store';
import { MessageStore } from '../../infrastructure/message-store';
import { webhooksMigrations } from '../../migrations';
import { PublishEventService, type PublishedEvent } from '../publish-event/publish-event.service';
import { EraseMessagesService } from './erase-messages.service';

const OWNER = 'app';
const occurredAt = new Date('2030-01-01T00:00:00Z');
const ERASED = '5d2b8a0e-8f7c-4d0b-a3a4-6a4d2f0c9b17';
const ERASED_ACCOUNT = '7c1f0e2a-1b3c-4d5e-8f70-112233445566';
const KEPT = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';

let offsets = 0;
const common = (eventId: string, resource: string) => ({ eventId, ownerClientId: OWNER, occurredAt, resource, offset: String(offsets++) });

const statusUpdated = (consentId: string): PublishedEvent<'consent.status.updated'> => ({
  ...common(`status-${consentId}-${offsets}`, `consent:${consentId}`),
  type: 'consent.status.updated',
  data: { consentId, userId: 'user-1', externalUserId: 'customer-42', status: 'Updated', dateStatusUpdated: occurredAt.toISOString() },
});

const shareOf = (id: string, consentIds: string[] | null, accountIds: string[] | null): PublishedEvent<'share.created'> => {
  const share: ShareDto = { id, clientId: 'partner-app', reference: null, expirationDateUtc: '2030-01-02T00:00:00.000Z', consentIds, accountIds, analysisIds: null };
  return { ...common(`share-${id}`, `share:${id}`), type: 'share.created', data: share };
};

describe('a consent’s erasure reaches its webhook messages (real store)', () => {
  let connection: Connection;
  let db: mongo.Db;
  let endpoints: EndpointStore;
  let messages: MessageStore;
  let attempts: AttemptLog;
  let erased: ErasedIds;

  beforeEach(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('webhook_erasure'));
    db = database(connection);
    endpoints = new AggregateStore<WebhookEndpoint>(db, endpointStoreOptions);
    messages = new MessageStore(db);
    attempts = new AttemptLog(db, 30);
    erased = new ErasedIds(db, 'erased_ids');
    for (const store of [endpoints, messages, attempts, erased]) await store.ensureIndexes();
    const events: SubscribableWebhookEventType[] = ['consent.status.updated', 'share.created'];
    await endpoints.insert(newEndpoint({ id: 'ep', ownerClientId: OWNER, url: 'https://example.com/hook', description: null, events }, new Date(occurredAt.getTime() - 1000)));
  });
  afterEach(async () => {
    await db.dropDatabase();
    await connection.close();
  });

  const bodies = async () => (await messages.store.findMany({ endpointId: 'ep' })).map((m) => m.body).sort();
  const attemptOf = (messageId: string) =>
    attempts.record({ _id: `att-${messageId}`, endpointId: 'ep', messageId, eventType: 'share.created', trigger: 'scheduled', status: 'succeeded', responseStatus: 200, responseBody: 'ok', error: null, durationMs: 3, attemptedAt: occurredAt, nextAttemptAt: null });

  it('deletes every message naming the consent or one of its accounts, with their attempts, and makes none of a later event naming it', async () => {
    const erasure = new EraseMessagesService(erased, messages, attempts);
    const publish = new PublishEventService(endpoints, messages, erasure, () => undefined);
    for (const event of [statusUpdated(ERASED), statusUpdated(KEPT), shareOf('s-consent', [ERASED, KEPT], null), shareOf('s-account', null, [ERASED_ACCOUNT]), shareOf('s-kept', [KEPT], null)]) {
      expect(await publish.publish(event)).toBe(1);
    }
    for (const m of await messages.store.findMany({ endpointId: 'ep' })) await attemptOf(m.id);
    const kept = (await bodies()).filter((body) => !body.includes(ERASED) && !body.includes(ERASED_ACCOUNT));

    expect(await erasure.erase([ERASED, ERASED_ACCOUNT], new Date())).toBe(3);

    expect(await bodies()).toEqual(kept);
    expect(kept).toHaveLength(2);
    const remaining = await messages.store.findMany({ endpointId: 'ep' });
    expect((await attempts.page('ep', 1, 100, occurredAt)).items.map((a) => a.messageId).sort()).toEqual(remaining.map((m) => m.id).sort());
    // Consumed after the erasure (another topic, a lagging partition): none about the consent, a share's without its ids.
    expect(await publish.publish(statusUpdated(ERASED))).toBe(0);
    expect(await bodies()).toEqual(kept);
    expect(await publish.publish(shareOf('s-late', [ERASED, KEPT], [ERASED_ACCOUNT]))).toBe(1);
    const late = (await messages.store.findMany({ endpointId: 'ep', lane: 'ep|share:s-late' })).map((m) => JSON.parse(m.body).data);
    expect(late).toEqual([expect.objectContaining({ id: 's-late', consentIds: [KEPT], accountIds: [] })]);
    await messages.delete((await messages.store.findMany({ lane: 'ep|share:s-late' })).map((m) => m.id));
    // Repeated (the event consumed again, then its tombstone): nothing more goes.
    expect(await erasure.erase([ERASED], new Date())).toBe(0);
    expect(await bodies()).toEqual(kept);
  });

  it('erases a feedback item’s review (its transaction and the reviewer’s note) with the item', async () => {
    await endpoints.insert(newEndpoint({ id: 'ep-feedback', ownerClientId: OWNER, url: 'https://example.com/feedback', description: null, events: ['categorization-feedback.reviewed'] }, new Date(occurredAt.getTime() - 1000)));
    const erasure = new EraseMessagesService(erased, messages, attempts);
    const publish = new PublishEventService(endpoints, messages, erasure, () => undefined);
    const reviewed = (feedbackId: string): PublishedEvent<'categorization-feedback.reviewed'> => ({
      ...common(`reviewed-${feedbackId}`, `categorization-feedback:${feedbackId}`),
      type: 'categorization-feedback.reviewed',
      data: { feedbackId, transactionId: 'tx-1', status: 'Accepted', note: 'Organic groceries at the corner shop.', reviewedAt: occurredAt.toISOString() },
    });
    const [erasedItem, keptItem] = ['3f2e1d0c-4b5a-4c6d-8e7f-a1b2c3d4e5f6', '0a1b2c3d-4e5f-4a6b-8c7d-e8f9a0b1c2d3'];
    for (const id of [erasedItem, keptItem]) expect(await publish.publish(reviewed(id))).toBe(1);

    expect(await erasure.erase([erasedItem], new Date())).toBe(1);

    const remaining = (await messages.store.findMany({ endpointId: 'ep-feedback' })).map((m) => JSON.parse(m.body).data.feedbackId);
    expect(remaining).toEqual([keptItem]);
    expect(await publish.publish(reviewed(erasedItem))).toBe(0);
  });

  it('deletes what an earlier try wrote when the event comes again after a crash cut the look after its write short', async () => {
    const erasure = new EraseMessagesService(erased, messages, attempts);
    const publish = new PublishEventService(endpoints, messages, erasure, () => undefined);
    const event = statusUpdated(ERASED);
    expect(await publish.publish(event)).toBe(1);
    // The erasure recorded the consent after the write but had looked for its messages before it; then the publisher crashed.
    await erased.record([ERASED], new Date());

    expect(await publish.publish(event)).toBe(0);
    expect(await bodies()).toEqual([]);
  });

  it('deletes the message of an event published while the erasure ran: it looked before the erasure and wrote after it', async () => {
    /** The erasure completes between the publisher's look at the erased ids and its write. */
    class ErasedWhilePublishing extends EraseMessagesService {
      private raced = false;

      override async erasedAmong(ids: readonly string[]): Promise<Set<string>> {
        const answer = await super.erasedAmong(ids);
        if (!this.raced) {
          this.raced = true;
          await this.erase([ERASED], new Date());
        }
        return answer;
      }
    }
    const erasure = new ErasedWhilePublishing(erased, messages, attempts);
    const publish = new PublishEventService(endpoints, messages, erasure, () => undefined);
    expect(await publish.publish(shareOf('s-raced', [ERASED], null))).toBe(0);
    expect(await bodies()).toEqual([]);
  });

  it('finds the messages written before they were indexed for erasure, once the migrations ran', async () => {
    const publish = new PublishEventService(endpoints, messages, new EraseMessagesService(erased, messages, attempts), () => undefined);
    await publish.publish(statusUpdated(ERASED));
    // As a version that did not derive `erasureIds` left them.
    await messages.store.collection.dropIndex('erasureIds_1');
    await messages.store.collection.updateMany({}, { $unset: { erasureIds: '' } });
    expect(await messages.idsNaming([ERASED])).toEqual([]);

    // Deployed as every start path does it: the migrations, then the service's start.
    await runMigrations(connection, webhooksMigrations);
    await new MessageStore(db).ensureIndexes();

    expect(await new EraseMessagesService(erased, messages, attempts).erase([ERASED], new Date())).toBe(1);
    expect(await bodies()).toEqual([]);
  });
});
