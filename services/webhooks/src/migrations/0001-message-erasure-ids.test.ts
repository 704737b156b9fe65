import { connectDatabase, database, runMigrations, type Connection } from '@obp/db';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { newMessage } from '../domain/webhook-message';
import { MessageStore } from '../infrastructure/message-store';
import { webhooksMigrations } from './index';

const CONSENT = '5d2b8a0e-8f7c-4d0b-a3a4-6a4d2f0c9b17';
const NOW = new Date('2030-01-01T00:00:00Z');

const message = (id: string, consentId: string) =>
  newMessage({
    id,
    endpointId: 'ep',
    ownerClientId: 'app',
    eventType: 'consent.status.updated',
    resource: `consent:${consentId}`,
    laneSequence: id,
    occurredAt: NOW,
    data: { consentId, userId: null, externalUserId: null, status: 'Updated', dateStatusUpdated: NOW.toISOString() },
    trigger: 'scheduled',
    trace: {},
    now: NOW,
  });

describe('0001-message-erasure-ids (real store)', () => {
  let connection: Connection;
  beforeEach(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('webhook_migrations'));
  });
  afterEach(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('gives messages written before erasureIds theirs, so an erasure finds them; the service’s start derives nothing', async () => {
    const messages = new MessageStore(database(connection));
    await messages.insertNew(message('m1', CONSENT));
    await messages.insertNew(message('m2', '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d'));
    // As the version before erasureIds wrote them: neither the field nor its index.
    await messages.store.collection.updateMany({}, { $unset: { erasureIds: '' } });
    await messages.ensureIndexes();
    expect(await messages.store.ids({ erasureIds: CONSENT })).toEqual([]);
    await messages.store.collection.dropIndex('erasureIds_1');

    expect(await runMigrations(connection, webhooksMigrations)).toEqual(['0001-message-erasure-ids']);
    expect(await messages.store.ids({ erasureIds: CONSENT })).toEqual(['m1']);
    expect(await runMigrations(connection, webhooksMigrations)).toEqual([]);
  });
});
