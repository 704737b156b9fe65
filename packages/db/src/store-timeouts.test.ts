import { testEnv, uniqueName } from '@obp/testkit';
import { connectDatabase, database, STORE_TIMEOUTS, type Connection } from './index';

/**
 * A service's connection bounds every operation (`timeoutMS`), so the driver sends the store what is left of it as
 * `maxTimeMS` on every command: each kind of command the services and their migrations send is still accepted.
 */
describe('a connection with the services’ bounds', () => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueName('store_timeouts'));
  });

  afterAll(async () => {
    await connection.dropDatabase().catch(() => undefined);
    await connection.close();
  });

  it('bounds the whole operation', () => {
    expect(connection.getClient().options.timeoutMS).toBe(STORE_TIMEOUTS.service.timeoutMS);
  });

  it('runs every kind of command the services and their migrations send', async () => {
    const items = database(connection).collection<{ _id: string; group: string; n: number }>('items');
    await items.createIndex({ group: 1 });
    await items.insertMany(Array.from({ length: 250 }, (_, i) => ({ _id: `item-${i}`, group: `g${i % 3}`, n: i })));
    await items.bulkWrite([
      { updateOne: { filter: { _id: 'item-0' }, update: { $inc: { n: 1000 } } } },
      { insertOne: { document: { _id: 'extra', group: 'g9', n: -1 } } },
      { deleteOne: { filter: { _id: 'extra' } } },
    ]);
    expect(await items.updateMany({ group: 'g1' }, { $inc: { n: 1 } })).toMatchObject({ matchedCount: 83 });
    expect(await items.findOneAndUpdate({ _id: 'item-0' }, { $inc: { n: 1 } }, { returnDocument: 'after' })).toMatchObject({ n: 1001 });
    expect(await items.findOneAndDelete({ _id: 'item-249' })).toMatchObject({ group: 'g0' });
    expect((await items.find({}).batchSize(50).toArray()).length).toBe(249);
    expect(await items.countDocuments({ group: 'g2' })).toBe(83);
    expect(await items.aggregate([{ $group: { _id: '$group', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray()).toEqual([
      { _id: 'g0', n: 83 },
      { _id: 'g1', n: 83 },
      { _id: 'g2', n: 83 },
    ]);
    // Migrations read a collection's keys this way; FerretDB refused `maxTimeMS` on it until our patch.
    expect((await items.distinct('group')).sort()).toEqual(['g0', 'g1', 'g2']);
    expect(await items.deleteMany({ group: 'g1' })).toMatchObject({ deletedCount: 83 });
  });
});
