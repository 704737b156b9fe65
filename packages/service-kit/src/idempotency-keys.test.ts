import { createHash } from 'node:crypto';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { uuidv7Time } from '@obp/core';
import { defineRoutes, json, locationHeader, optionalEnumIgnoringCase, z } from '@obp/contracts';
import { connectDatabase, database, dayBucket, type Connection } from '@obp/db';
import { bindRoutes, createHttpApp, finishHttpApp, fingerprintOf, mountRoutes, validationFailure } from '@obp/http';
import { AggregateStore } from '@obp/store';
import { createLogger } from '@obp/telemetry';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { IdempotencyKeys } from './idempotency-keys';

interface Note {
  id: string;
  owner: string;
  text: string;
}

const routes = defineRoutes(
  { service: 'test', tags: ['Test'] },
  {
    createNote: {
      method: 'post',
      path: '/notes',
      auth: { scope: 'notes' },
      summary: 'Create a note',
      body: { schema: z.object({ text: z.string(), pinned: z.boolean().optional() }) },
      idempotent: true,
      responses: { 201: json('Created', z.object({ id: z.string(), text: z.string() }), locationHeader()) },
    },
    pinNote: {
      method: 'post',
      path: '/boards/{board}/notes',
      auth: { scope: 'notes' },
      summary: 'Pin a note to a board',
      params: { board: z.string().min(1) },
      query: { color: optionalEnumIgnoringCase(['yellow', 'blue']) },
      body: { schema: z.object({ text: z.string() }) },
      idempotent: true,
      responses: { 201: json('Created', z.object({ id: z.string(), text: z.string() }), locationHeader()) },
    },
  },
);

const HOUR = 3_600_000;

describe('idempotent creates: Idempotency-Key on a route, kept in the real store', () => {
  let connection: Connection;
  let server: Server;
  let base: string;
  let notes: AggregateStore<Note>;
  let keys: IdempotencyKeys;
  /** Texts the handler refuses (400), and texts whose first attempt stops after creating the note (500). */
  const refused = new Set<string>();
  const stopsOnce = new Set<string>();

  beforeAll(async () => {
    connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('idempotency'));
    notes = new AggregateStore<Note>(database(connection), { collection: 'notes', indexes: [{ key: { owner: 1 } }] });
    keys = new IdempotencyKeys(database(connection));
    for (const component of [notes, keys]) await component.ensureIndexes();
    const app = createHttpApp({ serviceName: 'test' });
    mountRoutes(
      app,
      bindRoutes(routes, {
        createNote: async ({ body, caller, newId }) => {
          if (refused.has(body.text)) return validationFailure({ text: ['Refused.'] });
          await notes.insertIfAbsent({ id: newId, owner: caller.clientId, text: body.text });
          if (stopsOnce.delete(body.text)) throw new Error('stopped after creating');
          return { status: 201, body: { id: newId, text: body.text }, headers: { Location: `/notes/${newId}` } };
        },
        pinNote: async ({ params, body, caller, newId }) => {
          await notes.insertIfAbsent({ id: newId, owner: caller.clientId, text: `${params.board}: ${body.text}` });
          return { status: 201, body: { id: newId, text: body.text }, headers: { Location: `/boards/${params.board}/notes/${newId}` } };
        },
      }),
      // The app is named by a header here; the services read it from the verified token.
      () => [
        (req, res, next) => {
          res.locals.auth = { clientId: req.get('x-app') ?? 'no-app', scopes: ['notes'], tokenId: undefined, directProviderFlow: false, redirectUrls: [] };
          next();
        },
      ],
      { idempotency: keys },
    );
    finishHttpApp(app, createLogger('test', 'silent'));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await connection.dropDatabase();
    await connection.close();
  });

  const post = (body: unknown, options: { key?: string; app?: string } = {}) =>
    fetch(`${base}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app': options.app ?? 'app-a', ...(options.key !== undefined ? { 'idempotency-key': options.key } : {}) },
      body: JSON.stringify(body),
    });
  const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown, location: res.headers.get('location'), replayed: res.headers.get('idempotent-replayed') });
  const notesOf = (owner: string, text: string) => notes.findMany({ owner, text });

  it('makes a resource under a UUIDv7 of the time of its request, with a key or without', async () => {
    for (const key of [undefined, 'k-time']) {
      const before = Date.now();
      const { body } = await answer(await post({ text: `timed ${key ?? 'no key'}` }, { key }));
      const id = (body as { id: string }).id;
      expect(uuidv7Time(id)!.getTime()).toBeGreaterThanOrEqual(before);
      expect(uuidv7Time(id)!.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('answers a retry with the first answer, marked replayed, and creates nothing more; the order of properties does not count', async () => {
    const first = await answer(await post({ text: 'once', pinned: true }, { key: 'k-once' }));
    expect(first).toMatchObject({ status: 201, body: { text: 'once' }, replayed: null });
    const again = await answer(await post({ pinned: true, text: 'once' }, { key: 'k-once' }));
    expect(again).toEqual({ ...first, replayed: 'true' });
    expect(await notesOf('app-a', 'once')).toHaveLength(1);
  });

  it('refuses the key with another body (422 naming the header) and creates nothing', async () => {
    await post({ text: 'first body' }, { key: 'k-other' });
    const other = await post({ text: 'second body' }, { key: 'k-other' });
    expect(other.status).toBe(422);
    expect(other.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Object.keys(((await other.json()) as { errors: object }).errors)).toEqual(['Idempotency-Key']);
    expect(await notesOf('app-a', 'second body')).toHaveLength(0);
  });

  it('refuses the key with the same body sent to another path or with another query (422), and replays the same request', async () => {
    const pin = (path: string) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-app': 'app-a', 'idempotency-key': 'k-pin' }, body: JSON.stringify({ text: 'pinned' }) });
    const first = await answer(await pin('/boards/home/notes?color=yellow'));
    expect(first).toMatchObject({ status: 201, location: expect.stringMatching(/^\/boards\/home\/notes\//) });
    for (const other of ['/boards/work/notes?color=yellow', '/boards/home/notes?color=blue', '/boards/home/notes']) {
      const refused = await pin(other);
      expect(refused.status).toBe(422);
      expect(Object.keys(((await refused.json()) as { errors: object }).errors)).toEqual(['Idempotency-Key']);
    }
    expect(await answer(await pin('/boards/home/notes?color=YELLOW&unknown=1'))).toEqual({ ...first, replayed: 'true' });
    expect(await notesOf('app-a', 'work: pinned')).toHaveLength(0);
    expect(await notesOf('app-a', 'home: pinned')).toHaveLength(1);
  });

  it('creates twice without a key, and keeps the keys of two apps apart', async () => {
    for (const res of [await post({ text: 'no key' }), await post({ text: 'no key' })]) expect(res.status).toBe(201);
    expect(await notesOf('app-a', 'no key')).toHaveLength(2);
    const [a, b] = [await answer(await post({ text: 'two apps' }, { key: 'shared' })), await answer(await post({ text: 'two apps' }, { key: 'shared', app: 'app-b' }))];
    expect([a.replayed, b.replayed]).toEqual([null, null]);
    expect(a.body).not.toEqual(b.body);
  });

  it('creates once for concurrent requests with one key: each answers with that note, all but one replayed', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, async () => answer(await post({ text: 'concurrent' }, { key: 'k-concurrent' }))));
    const created = await notesOf('app-a', 'concurrent');
    expect(created).toHaveLength(1);
    for (const a of answers) expect(a).toMatchObject({ status: 201, body: { id: created[0]!.id, text: 'concurrent' }, location: `/notes/${created[0]!.id}` });
    expect(answers.filter((a) => a.replayed === null)).toHaveLength(1);
  });

  it('answers a retry after a request that stopped half-way with what that request created, once', async () => {
    stopsOnce.add('half-way');
    expect((await post({ text: 'half-way' }, { key: 'k-half' })).status).toBe(500);
    const [created] = await notesOf('app-a', 'half-way');
    const retry = await answer(await post({ text: 'half-way' }, { key: 'k-half' }));
    expect(retry).toEqual({ status: 201, body: { id: created!.id, text: 'half-way' }, location: `/notes/${created!.id}`, replayed: 'true' });
    expect(await notesOf('app-a', 'half-way')).toHaveLength(1);
  });

  it('creates under the claimed id when the first request stopped after claiming the key, before creating', async () => {
    const body = { text: 'claimed only' };
    const resourceId = 'b7e1c2d0-0000-4000-8000-000000000001';
    expect(await keys.claim({ clientId: 'app-a', key: 'k-claimed' }, { operationId: 'createNote', fingerprint: fingerprintOf(body), resourceId }, new Date())).toEqual({ won: true });
    const retries = await Promise.all([1, 2].map(async () => answer(await post(body, { key: 'k-claimed' }))));
    for (const retry of retries) expect(retry).toEqual({ status: 201, body: { id: resourceId, text: body.text }, location: `/notes/${resourceId}`, replayed: 'true' });
    expect(await notesOf('app-a', body.text)).toHaveLength(1);
  });

  it('keeps the key claimed when a retry of a request still unanswered is refused: the first may yet create under it', async () => {
    const body = { text: 'claimed, then refused' };
    const resourceId = 'b7e1c2d0-0000-4000-8000-000000000002';
    expect(await keys.claim({ clientId: 'app-a', key: 'k-claimed-refused' }, { operationId: 'createNote', fingerprint: fingerprintOf(body), resourceId }, new Date())).toEqual({ won: true });
    refused.add(body.text);
    expect((await post(body, { key: 'k-claimed-refused' })).status).toBe(400);
    refused.delete(body.text);
    // Had the refusal freed the key, this retry would claim it anew and create under another id.
    expect(await answer(await post(body, { key: 'k-claimed-refused' }))).toEqual({ status: 201, body: { id: resourceId, text: body.text }, location: `/notes/${resourceId}`, replayed: 'true' });
    expect(await notesOf('app-a', body.text)).toHaveLength(1);
  });

  it('keeps nothing of a refused request: its retry is decided again, also with another body', async () => {
    refused.add('refused');
    expect((await post({ text: 'refused' }, { key: 'k-refused' })).status).toBe(400);
    refused.delete('refused');
    expect((await post({ text: 'refused' }, { key: 'k-refused' })).status).toBe(201);
    refused.add('refused again');
    expect((await post({ text: 'refused again' }, { key: 'k-refused-2' })).status).toBe(400);
    expect(await answer(await post({ text: 'corrected' }, { key: 'k-refused-2' }))).toMatchObject({ status: 201, replayed: null });
  });

  it('refuses a key that is blank, longer than 255 characters or not printable ASCII (400 naming the header)', async () => {
    for (const key of ['k'.repeat(256), 'clé', ' ']) {
      const res = await post({ text: 'bad key' }, { key });
      expect({ key, status: res.status }).toEqual({ key, status: 400 });
      expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(['Idempotency-Key']);
    }
    expect((await post({ text: 'good key' }, { key: 'k'.repeat(255) })).status).toBe(201);
  });

  it('forgets the keys of an erased resource, answers and all: a retry with the key creates anew', async () => {
    const first = await answer(await post({ text: 'erased later' }, { key: 'k-erased' }));
    const { id } = first.body as { id: string };
    expect(await keys.forgetResource(id)).toBe(1);

    const retry = await answer(await post({ text: 'erased later' }, { key: 'k-erased' }));

    expect(retry).toMatchObject({ status: 201, replayed: null });
    expect((retry.body as { id: string }).id).not.toBe(id);
    expect(await notesOf('app-a', 'erased later')).toHaveLength(2);
  });

  it('forgets a key after 24 hours, and purges records past it by day', async () => {
    // Long before the other tests' records, which the purge must leave.
    const start = new Date('2020-01-01T10:00:00Z');
    const key = { clientId: 'app-c', key: 'k-day' };
    const request = (resourceId: string) => ({ operationId: 'createNote', fingerprint: fingerprintOf({ text: resourceId }), resourceId });
    expect(await keys.claim(key, request('r-1'), start)).toEqual({ won: true });
    expect(await keys.claim(key, request('r-2'), new Date(start.getTime() + 23 * HOUR))).toEqual({ won: false, holder: { ...request('r-1'), answer: null } });
    expect(await keys.claim(key, request('r-3'), new Date(start.getTime() + 24 * HOUR))).toEqual({ won: true });

    await keys.claim({ clientId: 'app-c', key: 'k-old' }, request('r-4'), start);
    expect(await keys.purgeOlderThan(new Date(start.getTime() + 2 * HOUR))).toBe(1);
    expect(await keys.claim({ clientId: 'app-c', key: 'k-old' }, request('r-5'), new Date(start.getTime() + 3 * HOUR))).toEqual({ won: true });
  });

  it('reads a key the analysis service kept before keys were shared: its job is the resource, found again by its id', async () => {
    const body = { text: 'kept before' };
    const jobId = 'a3f2c1d0-0000-4000-8000-000000000001';
    await notes.insert({ id: jobId, owner: 'app-a', text: body.text });
    const now = new Date();
    const earlier = database(connection).collection<{ _id: string; jobId: string; fingerprint: string; createdAt: Date; createdDay: string }>('idempotency_keys');
    await earlier.insertOne({ _id: createHash('sha256').update('app-a\nk-before').digest('hex'), jobId, fingerprint: fingerprintOf(body), createdAt: now, createdDay: dayBucket(now) });

    const retry = await answer(await post(body, { key: 'k-before' }));
    expect(retry).toEqual({ status: 201, body: { id: jobId, text: body.text }, location: `/notes/${jobId}`, replayed: 'true' });
    expect(await notesOf('app-a', body.text)).toHaveLength(1);
    expect((await post({ text: 'another body' }, { key: 'k-before' })).status).toBe(422);
  });
});
