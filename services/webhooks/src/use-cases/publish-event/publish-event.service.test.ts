import { NonRetriableError } from '@obp/bus';
import type { ShareDto, SubscribableWebhookEventType } from '@obp/contracts';
import { connectDatabase, database, ErasedIds, type Connection, type mongo } from '@obp/db';
import { AggregateStore } from '@obp/store';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { newEndpoint, type WebhookEndpoint } from '../../domain/webhook-endpoint';
import { laneSequenceOf } from '../../domain/webhook-message';
import { AttemptLog } from '../../infrastructure/attempt-log';
import { endpointStoreOptions, type EndpointStore } from '../../infrastructure/endpoint-store';
import { MessageStore } from '../../infrastructure/message-store';
import { EraseMessagesService } from '../erase-messages/erase-messages.service';
import { PublishEventService, type PublishedEvent } from './publish-event.service';

const OWNER = 'app';
const occurredAt = new Date('2030-01-01T00:00:00Z');
const share: ShareDto = {
  id: '0b7e4c1a-3f57-4a43-9c0e-2f1e6d4f8a11',
  clientId: 'partner-app',
  reference: null,
  expirationDateUtc: '2030-01-02T00:00:00.000Z',
  consentIds: null,
  accountIds: null,
  analysisIds: null,
};

describe('publishing an event as webhook messages (real store)', () => {
  let connection: Connection;
  let db: mongo.Db;
  let endpoints: EndpointStore;
  let messages: MessageStore;
  let wakeUps = 0;
  let publish: PublishEventService;

  beforeEach(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('webhook_publish'));
    db = database(connection);
    endpoints = new AggregateStore<WebhookEndpoint>(db, endpointStoreOptions);
    messages = new MessageStore(db);
    for (const store of [endpoints, messages]) await store.ensureIndexes();
    wakeUps = 0;
    publish = new PublishEventService(endpoints, messages, new EraseMessagesService(new ErasedIds(db, 'erased_ids'), messages, new AttemptLog(db, 30)), () => wakeUps++);
  });
  afterEach(async () => {
    await db.dropDatabase();
    await connection.close();
  });

  const shareCreated = (offset: string): PublishedEvent<'share.created'> => ({
    eventId: 'event-1',
    type: 'share.created',
    ownerClientId: OWNER,
    occurredAt,
    resource: `share:${share.id}`,
    offset,
    data: share,
  });

  async function endpoint(id: string, ownerClientId = OWNER, events: SubscribableWebhookEventType[] = ['share.created']): Promise<void> {
    await endpoints.insert(newEndpoint({ id, ownerClientId, url: `https://example.com/${id}`, description: null, events }, new Date(occurredAt.getTime() - 1000)));
  }

  it('creates each endpoint’s message of an event once, however often the event is consumed', async () => {
    await endpoint('first');
    await endpoint('second');
    await endpoint('of-another-app', 'another-app');

    expect(await publish.publish(shareCreated('41'))).toBe(2);
    expect(await publish.publish(shareCreated('41'))).toBe(0);
    expect(wakeUps).toBe(1);
    const created = [...(await messages.store.findMany({ endpointId: 'first' })), ...(await messages.store.findMany({ endpointId: 'second' }))];
    expect(created).toHaveLength(2);
    expect(created.map((m) => m.laneSequence)).toEqual([laneSequenceOf('41'), laneSequenceOf('41')]);
    expect(await messages.store.findMany({ endpointId: 'of-another-app' })).toEqual([]);
  });

  it('refuses data that can never fit the webhook schema as a NonRetriableError (dead-lettered, not retried)', async () => {
    await endpoint('fetches', OWNER, ['transactions.fetched']);
    const consentId = '5d2b8a0e-8f7c-4d0b-a3a4-6a4d2f0c9b17';
    const broken: PublishedEvent<'transactions.fetched'> = {
      eventId: 'event-2',
      type: 'transactions.fetched',
      ownerClientId: OWNER,
      occurredAt,
      resource: `consent:${consentId}`,
      offset: '7',
      data: { consentId, userId: null, externalUserId: 'user-1', addedTransactionsCount: 1.5, dateTransactionsUpdated: occurredAt.toISOString() },
    };
    await expect(publish.publish(broken)).rejects.toBeInstanceOf(NonRetriableError);
  });
});
