import { Cleanup, testEnv, uniqueDbName } from '@obp/testkit';
import { connectDatabase, database } from './index';
import { dayBucket, dayBucketsBefore, deleteOlderThan, hourBucket, hourBucketsBetween, inChunks } from './time-buckets';

describe('time buckets', () => {
  it('dayBucket and hourBucket name the UTC day and hour, whatever offset the time was given in', () => {
    expect(dayBucket(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
    expect(dayBucket(new Date('2026-11-23T23:59:59.999Z'))).toBe('2026-11-23');
    // 21:30 in New York on the 23rd is 02:30 UTC on the 24th; 00:30 in Amsterdam on the 1st is 23:30 UTC the day before.
    expect(dayBucket(new Date('2026-11-23T21:30:00-05:00'))).toBe('2026-11-24');
    expect(dayBucket(new Date('2027-01-01T00:30:00+01:00'))).toBe('2026-12-31');

    expect(hourBucket(new Date('2026-11-23T14:00:00.000Z'))).toBe('2026-11-23T14');
    expect(hourBucket(new Date('2026-11-23T14:59:59.999Z'))).toBe('2026-11-23T14');
    expect(hourBucket(new Date('2026-11-23T21:30:00-05:00'))).toBe('2026-11-24T02');
    expect(hourBucket(new Date('2026-11-23T09:15:00+05:30'))).toBe('2026-11-23T03');
  });

  it('dayBucketsBefore gives the n days strictly before the cutoff’s UTC day, newest first', () => {
    expect(dayBucketsBefore(new Date('2026-11-23T14:30:00.000Z'), 3)).toEqual(['2026-11-22', '2026-11-21', '2026-11-20']);
    // At midnight and just before the next one: the cutoff's own day is never among them.
    expect(dayBucketsBefore(new Date('2026-11-23T00:00:00.000Z'), 2)).toEqual(['2026-11-22', '2026-11-21']);
    expect(dayBucketsBefore(new Date('2026-11-23T23:59:59.999Z'), 2)).toEqual(['2026-11-22', '2026-11-21']);
    // Across a month, a year and a leap day.
    expect(dayBucketsBefore(new Date('2028-03-01T12:00:00.000Z'), 3)).toEqual(['2028-02-29', '2028-02-28', '2028-02-27']);
    expect(dayBucketsBefore(new Date('2027-01-01T06:00:00.000Z'), 2)).toEqual(['2026-12-31', '2026-12-30']);
    expect(dayBucketsBefore(new Date('2026-11-23T12:00:00.000Z'), 400)).toHaveLength(400);
    expect(dayBucketsBefore(new Date('2026-11-23T12:00:00.000Z'), 0)).toEqual([]);
  });

  it('hourBucketsBetween gives every hour from the first time’s to the last time’s, both included, oldest first', () => {
    expect(hourBucketsBetween(new Date('2026-11-23T10:45:00.000Z'), new Date('2026-11-23T12:10:00.000Z'))).toEqual([
      '2026-11-23T10',
      '2026-11-23T11',
      '2026-11-23T12',
    ]);
    // Across midnight, ending exactly on an hour.
    expect(hourBucketsBetween(new Date('2026-11-23T22:59:59.999Z'), new Date('2026-11-24T01:00:00.000Z'))).toEqual([
      '2026-11-23T22',
      '2026-11-23T23',
      '2026-11-24T00',
      '2026-11-24T01',
    ]);
    const sameHour = new Date('2026-11-23T10:15:00.000Z');
    expect(hourBucketsBetween(sameHour, new Date('2026-11-23T10:59:59.999Z'))).toEqual(['2026-11-23T10']);
    expect(hourBucketsBetween(sameHour, sameHour)).toEqual(['2026-11-23T10']);
  });

  it('inChunks splits a list into pieces of at most the given size, in order', () => {
    const values = Array.from({ length: 60 }, (_, i) => i);
    const chunks = inChunks(values);
    expect(chunks.map((chunk) => chunk.length)).toEqual([25, 25, 10]);
    expect(chunks.flat()).toEqual(values);
    expect(inChunks(['a', 'b', 'c', 'd'], 2)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(inChunks(['a'], 2)).toEqual([['a']]);
    expect(inChunks([], 2)).toEqual([]);
  });
});

interface DatedRecord {
  _id: string;
  group: string;
  at: Date;
  day: string;
}

describe('deleteOlderThan (real store)', () => {
  const cleanup = new Cleanup();
  afterEach(() => cleanup.run());

  it('deletes the scope’s records before the cutoff, also earlier on its day, and keeps the rest', async () => {
    const connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('buckets'));
    cleanup.add(() => connection.close());
    const db = database(connection);
    cleanup.add(() => db.dropDatabase());
    const records = db.collection<DatedRecord>('records');
    await records.createIndex({ group: 1, day: 1 });

    const cutoff = new Date('2026-11-20T12:00:00.000Z');
    const record = (_id: string, at: string, group = 'mine'): DatedRecord => ({ _id, group, at: new Date(at), day: dayBucket(new Date(at)) });
    await records.insertMany([
      record('weeks before', '2026-10-30T08:00:00.000Z'),
      record('the day before, last instant', '2026-11-19T23:59:59.999Z'),
      record('cutoff day, midnight', '2026-11-20T00:00:00.000Z'),
      record('cutoff day, just before', '2026-11-20T11:59:59.999Z'),
      record('at the cutoff', '2026-11-20T12:00:00.000Z'),
      record('cutoff day, later', '2026-11-20T23:59:59.999Z'),
      record('the day after', '2026-11-21T00:00:00.000Z'),
      record('other scope, weeks before', '2026-10-30T08:00:00.000Z', 'theirs'),
      record('other scope, cutoff day, before', '2026-11-20T06:00:00.000Z', 'theirs'),
    ]);

    const deleted = await deleteOlderThan(records, { scope: { group: 'mine' }, dayField: 'day', timeField: 'at' }, cutoff);

    expect(deleted).toBe(4);
    const left = (await records.find().toArray()).map((r) => r._id).sort();
    expect(left).toEqual(['at the cutoff', 'cutoff day, later', 'other scope, cutoff day, before', 'other scope, weeks before', 'the day after'].sort());
    expect(await deleteOlderThan(records, { scope: { group: 'mine' }, dayField: 'day', timeField: 'at' }, cutoff)).toBe(0);
  });
});
