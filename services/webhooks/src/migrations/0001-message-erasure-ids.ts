import { database, indexNames, type Migration } from '@obp/db';
import { MessageStore } from '../infrastructure/message-store';

const ERASURE_INDEX = 'erasureIds_1';

/**
 * Messages written before `erasureIds` was derived get theirs, so that an erasure finds them too. Its
 * index missing says the database predates it (the service's start creates it after this ran).
 */
export const messageErasureIds: Migration = {
  id: '0001-message-erasure-ids',
  async up(connection) {
    const { store } = new MessageStore(database(connection));
    const indexes = await indexNames(store.collection);
    if (indexes && !indexes.includes(ERASURE_INDEX)) await store.rederive({ erasureIds: { $exists: false } });
  },
};
