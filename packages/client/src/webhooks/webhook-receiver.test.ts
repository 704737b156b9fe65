import { once } from 'node:events';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { Webhook } from 'standardwebhooks';
import type { WebhookEvent } from './verify-webhook';
import { webhookReceiver } from './webhook-receiver';

const secret = `whsec_${Buffer.from('a signing secret of 32 bytes ...').toString('base64')}`;
const ping = { type: 'webhook.ping', timestamp: '2026-11-28T10:00:00.000Z', data: { webhookId: '0b7d4c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e' } };

function signedHeaders(body: string, signingSecret = secret): Record<string, string> {
  const now = new Date();
  return { 'content-type': 'application/json', 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': new Webhook(signingSecret).sign('msg_1', now, body) };
}

/** Re-encodes JSON as a parser and serialiser would: same data, other bytes. */
const spaced = (message: object) => JSON.stringify(message, null, 2);

describe('webhookReceiver', () => {
  let server: Server | undefined;
  const errors: string[] = [];
  const recordError: ErrorRequestHandler = (error: Error, _req, res, _next) => {
    errors.push(error.message);
    res.status(500).end();
  };

  async function serve(app: express.Express): Promise<string> {
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  }

  afterEach(async () => {
    errors.length = 0;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it('hands a verified event to onEvent and answers 204, on an app that parses JSON everywhere else', async () => {
    const events: WebhookEvent[] = [];
    const app = express();
    app.post('/hooks', webhookReceiver({ secret, onEvent: (event) => void events.push(event) }));
    app.use(express.json());
    const url = await serve(app);
    const body = spaced(ping);

    const res = await fetch(url, { method: 'POST', headers: signedHeaders(body), body });

    expect(res.status).toBe(204);
    expect(events).toEqual([ping]);
  });

  it('takes the body that express.raw() kept', async () => {
    const events: WebhookEvent[] = [];
    const app = express();
    app.post('/hooks', express.raw({ type: '*/*' }), webhookReceiver({ secret, onEvent: (event) => void events.push(event) }));
    const url = await serve(app);
    const body = JSON.stringify(ping);

    const res = await fetch(url, { method: 'POST', headers: signedHeaders(body), body });

    expect(res.status).toBe(204);
    expect(events.map((e) => e.type)).toEqual(['webhook.ping']);
  });

  it('answers 400 to a delivery that does not verify, without calling onEvent', async () => {
    const events: WebhookEvent[] = [];
    const app = express();
    app.post('/hooks', webhookReceiver({ secret, onEvent: (event) => void events.push(event) }));
    const url = await serve(app);
    const body = JSON.stringify(ping);

    const res = await fetch(url, { method: 'POST', headers: signedHeaders(body, `whsec_${Buffer.from('not the endpoint secret, 32 byte').toString('base64')}`), body });

    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/^The webhook does not verify/);
    expect(events).toEqual([]);
  });

  it('passes an error of onEvent on, so the answer is a 500 and the platform delivers again', async () => {
    const app = express();
    app.post('/hooks', webhookReceiver({ secret, onEvent: () => Promise.reject(new Error('database down')) }));
    app.use(recordError);
    const url = await serve(app);
    const body = JSON.stringify(ping);

    const res = await fetch(url, { method: 'POST', headers: signedHeaders(body), body });

    expect(res.status).toBe(500);
    expect(errors).toEqual(['database down']);
  });

  it('says so when a JSON parser took the raw body before it', async () => {
    const app = express();
    app.use(express.json());
    app.post('/hooks', webhookReceiver({ secret, onEvent: () => undefined }));
    app.use(recordError);
    const url = await serve(app);
    const body = spaced(ping);

    const res = await fetch(url, { method: 'POST', headers: signedHeaders(body), body });

    expect(res.status).toBe(500);
    expect(errors).toEqual([expect.stringContaining('mount webhookReceiver before express.json()')]);
  });

  it('acknowledges a verified event of a type the client does not know yet, without calling onEvent', async () => {
    const events: WebhookEvent[] = [];
    const unknown: Array<{ type: string }> = [];
    const app = express();
    app.post('/hooks', webhookReceiver({ secret, onEvent: (event) => void events.push(event), onUnknownEvent: (event) => void unknown.push(event) }));
    const url = await serve(app);
    const body = JSON.stringify({ ...ping, type: 'account.renamed' });

    const res = await fetch(url, { method: 'POST', headers: signedHeaders(body), body });

    expect(res.status).toBe(204);
    expect(unknown).toEqual([{ type: 'account.renamed', timestamp: ping.timestamp, data: ping.data }]);
    expect(events).toEqual([]);
  });

  it('answers 413 as soon as a body passes its limit, without reading the rest', async () => {
    const app = express();
    app.post('/hooks', webhookReceiver({ secret, limitBytes: 100, onEvent: () => undefined }));
    const url = new URL(await serve(app));
    // The sender has sent more than the limit and is not done: the answer comes anyway.
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } });
    request.on('error', () => undefined);
    request.write('x'.repeat(200));
    const [answer] = (await once(request, 'response')) as [http.IncomingMessage];
    request.destroy();

    expect(answer.statusCode).toBe(413);
  });

  it('refuses a body over its limit with 413', async () => {
    const app = express();
    app.post('/hooks', webhookReceiver({ secret, limitBytes: 100, onEvent: () => undefined }));
    const url = await serve(app);
    const body = JSON.stringify({ ...ping, padding: 'x'.repeat(200) });

    const res = await fetch(url, { method: 'POST', headers: signedHeaders(body), body });

    expect(res.status).toBe(413);
  });
});
