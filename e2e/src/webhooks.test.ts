import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import type { paths } from '@obp/client';
import type { InMemorySpanExporter } from '@obp/telemetry';
import { waitFor } from '@obp/testkit';
import { connectedConsent, waitForStatus } from './consent-helpers';
import { startStack, type Stack, type TestClient } from './harness';

type WebhookEvent = paths['/webhooks']['post']['requestBody']['content']['application/json']['events'][number];

/** One request the test's receiver got. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered (null: it hung). */
  answered: number | null;
}

/** `delayMs`: the answer is written that long after the request came (it is recorded at once). */
type Answer = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hang';

/**
 * A real HTTP receiver: each path answers as its script says (by the number of the request on that
 * path, from 0), 204 by default, and every request is recorded.
 */
class Receiver {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, (n: number) => Answer>();
  private readonly hung: ServerResponse[] = [];
  private server!: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        const n = this.received.filter((r) => r.path === path).length;
        const answer = this.scripts.get(path)?.(n) ?? { status: 204 };
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered: answer === 'hang' ? null : answer.status });
        if (answer === 'hang') {
          this.hung.push(res);
          return;
        }
        const respond = () => {
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body ?? '');
        };
        if (answer.delayMs) setTimeout(respond, answer.delayMs);
        else respond();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  /** A path of its own for one test, answering as `script` says. */
  endpoint(script?: (n: number) => Answer): string {
    const path = `/hooks/${randomUUID()}`;
    if (script) this.scripts.set(path, script);
    return path;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Requests on `path` answered 2xx. */
  delivered(path: string): Received[] {
    return this.on(path).filter((r) => r.answered !== null && r.answered >= 200 && r.answered < 300);
  }

  async waitForDelivered(path: string, count: number, what = `${count} deliveries`): Promise<Received[]> {
    return waitFor(() => this.delivered(path).length >= count && this.delivered(path), { what, timeoutMs: 30_000, intervalMs: 50 });
  }

  async stop(): Promise<void> {
    for (const res of this.hung) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const bodyOf = (r: Received) => JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> };
const idOf = (r: Received) => String(r.headers['webhook-id']);
const signatureHeaders = (r: Received) => ({ 'webhook-id': idOf(r), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) });

describe('webhooks', () => {
  let stack: Stack;
  const receiver = new Receiver();
  let validateMessage: (type: string, body: unknown) => string | null;

  beforeAll(async () => {
    await receiver.start();
    stack = await startStack({ webhooksEnv: { WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s', WEBHOOK_TIMEOUT_MS: '1500' } });
    // Every message body is checked against the schema the API document lists for its type.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('int32', true);
    const id = 'https://open-banking.test/openapi.json';
    ajv.addSchema({ ...stack.document.document, $id: id });
    validateMessage = (type, body) => {
      const validate = ajv.getSchema(`${id}#/webhooks/${type}/post/requestBody/content/application~1json/schema`) ?? ajv.compile({ $ref: `${id}#/webhooks/${type}/post/requestBody/content/application~1json/schema` });
      return validate(body) ? null : ajv.errorsText(validate.errors);
    };
  });
  afterAll(async () => {
    await stack.stop();
    await receiver.stop();
  });

  async function app(): Promise<{ client: TestClient; token: string }> {
    const client = await stack.registerClient();
    return { client, token: await stack.token(client) };
  }

  async function createEndpoint(token: string, path: string, events: WebhookEvent[]): Promise<{ id: string; secret: string }> {
    const { data: created, response } = await stack.clientWithToken(token).POST('/webhooks', { body: { url: receiver.url(path), events, description: 'test receiver' } });
    expect(response.status).toBe(201);
    const { data } = created;
    expect(response.headers.get('location')).toBe(`/webhooks/${data.id}`);
    return { id: data.id, secret: data.secret };
  }

  async function createShare(token: string): Promise<string> {
    const { data, response } = await stack.clientWithToken(token).POST('/shares', { body: { clientId: 'partner-app' } });
    expect(response.status).toBe(200);
    return data.data;
  }

  async function attempts(token: string, id: string) {
    const { data } = await stack.clientWithToken(token).GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: { pageSize: 500 } } });
    return data.data ?? [];
  }

  /** Verified with the standardwebhooks package, and matching the documented schema of its type. */
  function expectSigned(received: Received, secret: string): void {
    expect(new Webhook(secret).verify(received.body, signatureHeaders(received))).toEqual(JSON.parse(received.body));
    expect(validateMessage(bodyOf(received).type, JSON.parse(received.body))).toBeNull();
  }

  it('manages endpoints: create shows the secret once, list, get, update, delete; bad input is a 400 naming the field', async () => {
    const { token } = await app();
    const path = receiver.endpoint();
    const { id, secret } = await createEndpoint(token, path, ['share.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const api = stack.clientWithToken(token);
    const { data: listed } = await api.GET('/webhooks');
    expect(listed.data?.map((e) => e.id)).toEqual([id]);
    expect(listed._pagination.totalCount).toBe(1);
    expect(listed.data?.[0]).not.toHaveProperty('secret');
    const { data: got } = await api.GET('/webhooks/{id}', { params: { path: { id } } });
    expect(got.data).toMatchObject({ id, events: ['share.created'], description: 'test receiver', enabled: true, url: receiver.url(path) });
    expect(got.data).not.toHaveProperty('secret');

    const updated = await api.PUT('/webhooks/{id}', { params: { path: { id } }, body: { events: ['share.created', 'share.deleted'], description: null } });
    expect(updated.response.status).toBe(200);
    expect(updated.data.data).toMatchObject({ id, events: ['share.created', 'share.deleted'], description: null, enabled: true, url: receiver.url(path) });

    const invalid: Array<[unknown, string[]]> = [
      [{ url: 'not a url', events: ['share.created'] }, ['url']],
      [{ url: 'ftp://example.com/hook', events: ['share.created'] }, ['url']],
      [{ url: receiver.url(path), events: ['share.created', 'share.exploded'] }, ['events[1]']],
      [{ url: receiver.url(path), events: [] }, ['events']],
      [{ events: ['share.created'] }, ['url']],
    ];
    for (const [body, fields] of invalid) {
      const res = await stack.api(token, '/webhooks', { method: 'POST', json: body });
      expect(res.status).toBe(400);
      expect(Object.keys(((await res.json()) as { errors: Record<string, string[]> }).errors)).toEqual(fields);
    }
    const badUpdate = await stack.api(token, `/webhooks/${id}`, { method: 'PUT', json: { url: 'javascript:alert(1)' } });
    expect(badUpdate.status).toBe(400);

    expect((await api.DELETE('/webhooks/{id}', { params: { path: { id } } })).response.status).toBe(204);
    await expect(api.GET('/webhooks/{id}', { params: { path: { id } } })).rejects.toMatchObject({ status: 404 });
  });

  it('keeps apps apart: another app’s endpoint is a 404, and an app hears only of its own resources', async () => {
    const a = await app();
    const b = await app();
    const [pathA, pathB] = [receiver.endpoint(), receiver.endpoint()];
    const endpointA = await createEndpoint(a.token, pathA, ['share.created']);
    const endpointB = await createEndpoint(b.token, pathB, ['share.created']);

    const shareOfA = await createShare(a.token);
    const shareOfB = await createShare(b.token);
    const [toA] = await receiver.waitForDelivered(pathA, 1);
    const [toB] = await receiver.waitForDelivered(pathB, 1);
    expect(bodyOf(toA!).data.id).toBe(shareOfA);
    expect(bodyOf(toB!).data.id).toBe(shareOfB);

    const since = new Date(Date.now() - 60_000).toISOString();
    const requests: Array<[method: 'GET' | 'PUT' | 'DELETE' | 'POST', suffix: string, json?: unknown]> = [
      ['GET', ''],
      ['PUT', '', { enabled: false }],
      ['DELETE', ''],
      ['POST', '/ping'],
      ['POST', '/rotate-secret'],
      ['GET', '/deliveries'],
      ['POST', `/deliveries/${idOf(toA!)}/redeliver`],
      ['POST', '/replay', { since }],
    ];
    for (const [method, suffix, json] of requests) {
      const res = await stack.api(b.token, `/webhooks/${endpointA.id}${suffix}`, { method, ...(json === undefined ? {} : { json }) });
      expect({ method, suffix, status: res.status }).toEqual({ method, suffix, status: 404 });
    }
    // Nor is a message of A's a message of B's own endpoint.
    expect((await stack.api(b.token, `/webhooks/${endpointB.id}/deliveries/${idOf(toA!)}/redeliver`, { method: 'POST' })).status).toBe(404);

    // An event's messages are made together, for every endpoint it reaches: a message of either share for the other app would exist by now.
    const messagesOf = async (endpointId: string) => (await stack.webhooks.messages.store.findMany({ endpointId })).map((m) => m.id);
    expect(await messagesOf(endpointA.id)).toEqual([idOf(toA!)]);
    expect(await messagesOf(endpointB.id)).toEqual([idOf(toB!)]);
    expect(receiver.on(pathA)).toHaveLength(1);
    expect(receiver.on(pathB)).toHaveLength(1);
  });

  it('delivers share.created, share.updated and share.deleted with the share, signed, in the order they happened, also when the first attempts fail', async () => {
    const { token } = await app();
    // share.created fails until the test has seen the share's later messages queued: they wait for it.
    let holding = true;
    const path = receiver.endpoint(() => (holding ? { status: 500, body: 'not yet' } : { status: 200, body: 'ok' }));
    const { id, secret } = await createEndpoint(token, path, ['share.created', 'share.updated', 'share.deleted']);
    const shareId = await createShare(token);
    const api = stack.clientWithToken(token);
    expect((await api.PUT('/shares/{shareId}', { params: { path: { shareId } }, body: { expirationDateUtc: '2035-01-01T00:00:00Z' } })).response.status).toBe(204);
    expect((await api.DELETE('/shares/{shareId}', { params: { path: { shareId } } })).response.status).toBe(204);
    await waitFor(async () => (await stack.webhooks.messages.store.findMany({ endpointId: id })).length === 3, { what: 'the messages of the update and the deletion' });
    await waitFor(() => receiver.on(path).length >= 1, { what: 'a failed attempt of share.created' });
    holding = false;

    const delivered = await receiver.waitForDelivered(path, 3);
    expect(delivered.map((r) => bodyOf(r).type)).toEqual(['share.created', 'share.updated', 'share.deleted']);
    const failed = receiver.on(path).filter((r) => r.answered === 500);
    expect(failed.length).toBeGreaterThanOrEqual(1);
    // While share.created failed nothing else was sent; then each in turn.
    expect(receiver.on(path).map((r) => bodyOf(r).type)).toEqual([...failed.map(() => 'share.created'), 'share.created', 'share.updated', 'share.deleted']);
    for (const r of receiver.on(path)) expectSigned(r, secret);
    expect(delivered.every((r) => bodyOf(r).data.id === shareId)).toBe(true);
    expect(bodyOf(delivered[0]!).data).toMatchObject({ id: shareId, clientId: 'partner-app', consentIds: null });
    expect(bodyOf(delivered[1]!).data.expirationDateUtc).toBe('2035-01-01T00:00:00.000Z');
    // The retries are the same message: the same webhook-id.
    expect(new Set(failed.map(idOf))).toEqual(new Set([idOf(delivered[0]!)]));
    expect(new Set(delivered.map(idOf)).size).toBe(3);

    const log = await waitFor(async () => {
      const all = await attempts(token, id);
      return all.length >= failed.length + 3 && all;
    });
    const created = log.filter((a) => a.deliveryId === idOf(delivered[0]!)).reverse();
    expect(created.map((a) => [a.status, a.responseStatus, a.trigger])).toEqual([...failed.map(() => ['failed', 500, 'scheduled']), ['succeeded', 200, 'scheduled']]);
    expect(created[0]).toMatchObject({ responseBody: 'not yet', error: 'answered 500', eventType: 'share.created' });
    expect(created[0]!.nextAttemptAt).not.toBeNull();
    expect(created.at(-1)!.nextAttemptAt).toBeNull();

    // Each attempt shows what it sent: the body and headers the receiver got (but the signature).
    for (const [attempt, got] of [[created.at(-1)!, delivered[0]!], [created[0]!, failed[0]!]] as const) {
      expect(attempt.request.body).toBe(got.body);
      expect(attempt.request.headers).toEqual({ 'webhook-id': got.headers['webhook-id'], 'webhook-timestamp': got.headers['webhook-timestamp'], 'content-type': 'application/json', 'user-agent': got.headers['user-agent'] });
    }
    // The log filtered by outcome and by event type.
    const api2 = stack.clientWithToken(token);
    const filtered = async (query: { status?: 'succeeded' | 'failed'; eventType?: WebhookEvent }) =>
      ((await api2.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: { pageSize: 500, ...query } } })).data.data ?? []).map((a) => a.id);
    expect(await filtered({ status: 'failed' })).toEqual(log.filter((a) => a.status === 'failed').map((a) => a.id));
    expect(await filtered({ eventType: 'share.updated' })).toEqual(log.filter((a) => a.eventType === 'share.updated').map((a) => a.id));
    expect(await filtered({ status: 'succeeded', eventType: 'share.created' })).toEqual([created.at(-1)!.id]);
    expect((await stack.api(token, `/webhooks/${id}/deliveries?status=lost`)).status).toBe(400);
  });

  it('tells of a consent approved and refreshed: consent.status.updated and transactions.fetched, in order', async () => {
    const { token } = await app();
    const path = receiver.endpoint();
    const { secret } = await createEndpoint(token, path, ['consent.status.updated', 'transactions.fetched']);
    const externalUserId = `user-${randomUUID()}`;
    const { consentId } = await connectedConsent(stack, token, { externalUserId });
    const firstFetch = await receiver.waitForDelivered(path, 4, 'the messages of the first fetch');
    expect((await stack.clientWithToken(token).POST('/consents/{id}/refresh', { params: { path: { id: consentId } } })).response.status).toBe(202);
    await waitForStatus(stack, token, consentId, 'Updated');
    const all = await receiver.waitForDelivered(path, 7, 'the messages of the refresh');

    for (const r of all) expectSigned(r, secret);
    const steps = all.map((r) => {
      const body = bodyOf(r);
      return body.type === 'consent.status.updated' ? `status ${String(body.data.status)}` : body.type;
    });
    expect(steps).toEqual(['status Authenticated', 'status Updating', 'transactions.fetched', 'status Updated', 'status Updating', 'transactions.fetched', 'status Updated']);
    const fetched = all.filter((r) => bodyOf(r).type === 'transactions.fetched').map((r) => bodyOf(r).data);
    expect(fetched[0]).toMatchObject({ consentId, externalUserId, userId: null });
    expect(fetched[0]!.addedTransactionsCount).toBeGreaterThan(0);
    expect(typeof fetched[1]!.addedTransactionsCount).toBe('number');
    expect(firstFetch.every((r) => bodyOf(r).data.consentId === consentId)).toBe(true);
  });

  it('continues the trace of the request whose event it delivers', async () => {
    const exporter = (globalThis as { __obpSpanExporter?: InMemorySpanExporter }).__obpSpanExporter!;
    const { token } = await app();
    const path = receiver.endpoint();
    const { id } = await createEndpoint(token, path, ['share.created']);
    await createShare(token);
    const [delivered] = await receiver.waitForDelivered(path, 1);
    const spans = await waitFor(() => {
      const all = exporter.getFinishedSpans();
      return all.some((s) => s.name === 'webhook deliver' && s.attributes['obp.webhook.message_id'] === idOf(delivered!)) && all;
    });
    const deliver = spans.find((s) => s.name === 'webhook deliver' && s.attributes['obp.webhook.message_id'] === idOf(delivered!))!;
    const request = spans.find((s) => s.name === 'POST /shares' && s.attributes['obp.service'] === 'share' && s.spanContext().traceId === deliver.spanContext().traceId);
    expect(request).toBeDefined();
    expect(deliver.attributes).toMatchObject({ 'obp.webhook.id': id, 'obp.webhook.event_type': 'share.created', 'obp.webhook.outcome': 'succeeded', 'http.response.status_code': 204 });
  });

  it('pings on request, and signs with both secrets during a rotation', async () => {
    const { token } = await app();
    const path = receiver.endpoint();
    const { id, secret } = await createEndpoint(token, path, ['share.created']);
    const api = stack.clientWithToken(token);
    const ping = await api.POST('/webhooks/{id}/ping', { params: { path: { id } } });
    expect(ping.response.status).toBe(202);
    const [pingId] = ping.data.data.deliveryIds;
    const [first] = await receiver.waitForDelivered(path, 1);
    expect(idOf(first!)).toBe(pingId);
    expect(bodyOf(first!)).toMatchObject({ type: 'webhook.ping', data: { webhookId: id } });
    expectSigned(first!, secret);

    const rotated = await api.POST('/webhooks/{id}/rotate-secret', { params: { path: { id } } });
    expect(rotated.response.status).toBe(200);
    const { secret: newSecret, previousSecretExpiresAt } = rotated.data.data;
    expect(newSecret).not.toBe(secret);
    expect(new Date(previousSecretExpiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    await api.POST('/webhooks/{id}/ping', { params: { path: { id } } });
    const [, second] = await receiver.waitForDelivered(path, 2);
    expect(String(second!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(String(second!.headers['webhook-signature'])).toMatch(/^v1,\S+ v1,\S+$/);
    expectSigned(second!, newSecret);
    expectSigned(second!, secret);
  });

  it('retries a receiver that hangs (timeout) or is unreachable, with the same webhook-id', async () => {
    const { token } = await app();
    const path = receiver.endpoint((n) => (n === 0 ? 'hang' : { status: 202 }));
    const { id, secret } = await createEndpoint(token, path, ['share.created']);
    await createShare(token);
    const [delivered] = await receiver.waitForDelivered(path, 1);
    expect(receiver.on(path).map(idOf)).toEqual([idOf(delivered!), idOf(delivered!)]);
    expectSigned(delivered!, secret);
    const log = await waitFor(async () => {
      const all = await attempts(token, id);
      return all.length >= 2 && all;
    });
    expect(log.map((a) => [a.status, a.responseStatus])).toEqual([
      ['succeeded', 202],
      ['failed', null],
    ]);
    expect(log[1]!.error).toMatch(/timed out/);

    // Nothing listens on this port: a connection error, retried until the schedule is used up.
    const closed = await stack.clientWithToken(token).PUT('/webhooks/{id}', { params: { path: { id } }, body: { url: 'http://127.0.0.1:9/nothing-here' } });
    expect(closed.response.status).toBe(200);
    await createShare(token);
    const failedLog = await waitFor(async () => {
      const all = await attempts(token, id);
      return all.length >= 6 && all;
    });
    expect(failedLog.slice(0, 4).map((a) => a.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(failedLog[0]!.nextAttemptAt).toBeNull();
    expect(new Set(failedLog.slice(0, 4).map((a) => a.deliveryId)).size).toBe(1);
  });

  it('waits as long as Retry-After says on 429', async () => {
    const { token } = await app();
    const path = receiver.endpoint((n) => (n === 0 ? { status: 429, headers: { 'Retry-After': '3' } } : { status: 200 }));
    const { id } = await createEndpoint(token, path, ['share.created']);
    await createShare(token);
    await receiver.waitForDelivered(path, 1);
    expect(receiver.on(path)).toHaveLength(2);
    expect(idOf(receiver.on(path)[0]!)).toBe(idOf(receiver.on(path)[1]!));
    const [, tooMany] = await waitFor(async () => {
      const all = await attempts(token, id);
      return all.length >= 2 && all;
    });
    expect(tooMany!.responseStatus).toBe(429);
    // The schedule says 1 s (±10%); the receiver asked for 3.
    expect(new Date(tooMany!.nextAttemptAt!).getTime() - new Date(tooMany!.attemptedAt).getTime()).toBeGreaterThanOrEqual(3000);
  });

  it('disables an endpoint that answers 410; enabled again it receives once more', async () => {
    const { token } = await app();
    let gone = true;
    const path = receiver.endpoint(() => (gone ? { status: 410 } : { status: 200 }));
    const { id } = await createEndpoint(token, path, ['share.created']);
    await createShare(token);
    const api = stack.clientWithToken(token);
    const endpoint = await waitFor(async () => {
      const { data } = await api.GET('/webhooks/{id}', { params: { path: { id } } });
      return !data.data.enabled && data.data;
    });
    expect(endpoint.disabledReason).toBe('gone');
    expect(receiver.on(path)).toHaveLength(1);
    await expect(api.POST('/webhooks/{id}/ping', { params: { path: { id } } })).rejects.toMatchObject({ status: 409 });

    gone = false;
    const { data: enabled } = await api.PUT('/webhooks/{id}', { params: { path: { id } }, body: { enabled: true } });
    expect(enabled.data).toMatchObject({ enabled: true, disabledReason: null });
    await api.POST('/webhooks/{id}/ping', { params: { path: { id } } });
    const [ping] = await receiver.waitForDelivered(path, 1);
    expect(bodyOf(ping!).type).toBe('webhook.ping');
  });

  it('redelivers a message with the same id, and replays what was sent since an instant (or only what failed)', async () => {
    const { token } = await app();
    let failing = false;
    const path = receiver.endpoint(() => (failing ? { status: 500 } : { status: 200 }));
    const { id, secret } = await createEndpoint(token, path, ['share.created']);
    const since = new Date().toISOString();
    await createShare(token);
    await createShare(token);
    const [first, second] = await receiver.waitForDelivered(path, 2);

    const api = stack.clientWithToken(token);
    const redeliver = await api.POST('/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id, deliveryId: idOf(first!) } } });
    expect(redeliver.response.status).toBe(202);
    const [, , again] = await receiver.waitForDelivered(path, 3);
    expect(idOf(again!)).toBe(idOf(first!));
    expect(again!.body).toBe(first!.body);
    expectSigned(again!, secret);
    await expect(api.POST('/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id, deliveryId: 'msg_unknown' } } })).rejects.toMatchObject({ status: 404 });
    // An attempt is logged after its result is written: once the log shows these three, neither message is pending (a replay passes pending ones by).
    await waitFor(async () => {
      const log = await attempts(token, id);
      return log.filter((a) => a.trigger === 'scheduled').length === 2 && log.some((a) => a.trigger === 'manual');
    }, { what: 'the redelivery in the attempt log' });

    const replay = await api.POST('/webhooks/{id}/replay', { params: { path: { id } }, body: { since } });
    expect(replay.response.status).toBe(202);
    expect(replay.data.data.deliveryIds.sort()).toEqual([idOf(first!), idOf(second!)].sort());
    const replayed = (await receiver.waitForDelivered(path, 5)).slice(3);
    expect(replayed.map(idOf).sort()).toEqual([idOf(first!), idOf(second!)].sort());

    // A message that failed for good, then only it is replayed.
    failing = true;
    await createShare(token);
    const failedId = await waitFor(async () => {
      const log = await attempts(token, id);
      const last = log.find((a) => a.status === 'failed' && a.nextAttemptAt === null);
      return last?.deliveryId;
    });
    failing = false;
    const { data: onlyFailed } = await api.POST('/webhooks/{id}/replay', { params: { path: { id } }, body: { since, onlyFailed: true } });
    expect(onlyFailed.data.deliveryIds).toEqual([failedId]);
    const [last] = (await receiver.waitForDelivered(path, 6)).slice(5);
    expect(idOf(last!)).toBe(failedId);

    const triggers = await waitFor(async () => {
      const logged = (await attempts(token, id)).map((a) => a.trigger);
      return logged.filter((t) => t === 'replay').length >= 3 && logged;
    });
    expect(triggers.filter((t) => t === 'manual')).toHaveLength(1);
    expect(triggers.filter((t) => t === 'replay')).toHaveLength(3);
    expect((await stack.api(token, `/webhooks/${id}/replay`, { method: 'POST', json: { since: 'yesterday' } })).status).toBe(400);
  });

  it('loses nothing when the webhooks service restarts between the event and its delivery, and sends nothing twice', async () => {
    const { token } = await app();
    const path = receiver.endpoint((n) => (n === 0 ? { status: 503 } : { status: 200 }));
    const { id, secret } = await createEndpoint(token, path, ['share.created']);

    // Stopped when the event happens: the message is made from the event once the service is back.
    await stack.webhooks.stop();
    const shareId = await createShare(token);
    await stack.restartWebhooks();
    const [delivered] = await receiver.waitForDelivered(path, 1);
    expect(bodyOf(delivered!).data.id).toBe(shareId);
    expectSigned(delivered!, secret);

    // Stopped after a failed attempt: the retry comes from the restarted service, with the same id.
    const secondPath = receiver.endpoint((n) => (n === 0 ? { status: 500 } : { status: 200 }));
    const second = await createEndpoint(token, secondPath, ['share.created']);
    await createShare(token);
    await waitFor(() => receiver.on(secondPath).length >= 1, { what: 'the first attempt' });
    await stack.webhooks.stop();
    await stack.restartWebhooks();
    const [retried] = await receiver.waitForDelivered(secondPath, 1);
    expect(idOf(retried!)).toBe(idOf(receiver.on(secondPath)[0]!));

    // Stopped while an answer is on its way: the stopping service waits for it and records it, so it is not sent again.
    const slowPath = receiver.endpoint(() => ({ status: 200, delayMs: 500 }));
    const slow = await createEndpoint(token, slowPath, ['share.created']);
    await createShare(token);
    await waitFor(() => receiver.on(slowPath).length >= 1, { what: 'the attempt on the slow endpoint' });
    await stack.webhooks.stop();
    await stack.restartWebhooks();
    expect(await stack.webhooks.messages.store.findMany({ endpointId: slow.id })).toEqual([expect.objectContaining({ status: 'succeeded' })]);

    // Every message has its result written: none is left that could be sent again.
    await waitFor(async () => {
      const all = [...(await stack.webhooks.messages.store.findMany({ endpointId: id })), ...(await stack.webhooks.messages.store.findMany({ endpointId: second.id }))];
      return all.length === 5 && all.every((m) => m.status === 'succeeded');
    }, { what: 'every message delivered' });
    expect(receiver.delivered(path)).toHaveLength(3);
    expect(new Set(receiver.delivered(path).map(idOf)).size).toBe(3);
    expect(receiver.delivered(secondPath)).toHaveLength(2);
    expect(new Set(receiver.delivered(secondPath).map(idOf)).size).toBe(2);
    expect(receiver.on(slowPath)).toHaveLength(1);
  });
});
