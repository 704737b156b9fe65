import { database, type Migration } from '@obp/db';

/** External user ids are matched within their app only: the index `{ ownerClientId, externalUserId }` replaced this one. */
export const externalUsersWithinApp: Migration = {
  id: '0001-external-users-within-app',
  async up(connection) {
    await database(connection).collection('consents').dropIndex('externalUserId_1').catch(() => undefined);
  },
};
