import { connectDatabase, database, runMigrations, type Connection } from '@obp/db';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { ConsentData } from '../consent-data';
import { consentDataMigrations } from './index';

describe('0001-external-users-within-app (real store)', () => {
  let db: Connection;
  beforeEach(async () => {
    db = await connectDatabase(testEnv().mongoUri, uniqueDbName('consent_data_migrations'));
  });
  afterEach(async () => {
    await db.dropDatabase();
    await db.close();
  });

  it('drops the index that matched external user ids across apps; the projection’s start no longer touches it', async () => {
    const consents = database(db).collection('consents');
    await consents.createIndex({ externalUserId: 1 });
    await new ConsentData(db, { historyStart: (now) => now }).ensureIndexes();
    expect((await consents.listIndexes().toArray()).map((i) => i.name)).toContain('externalUserId_1');

    expect(await runMigrations(db, consentDataMigrations)).toEqual(['0001-external-users-within-app', '0002-history-by-month']);
    const names = (await consents.listIndexes().toArray()).map((i) => i.name);
    expect(names).not.toContain('externalUserId_1');
    expect(names).toContain('ownerClientId_1_externalUserId_1');
  });
});
