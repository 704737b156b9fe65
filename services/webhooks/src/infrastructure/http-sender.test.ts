import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@obp/telemetry';
import { HttpSender, publicOnlyLookup, RefusedTarget, RESPONSE_EXCERPT_BYTES } from './http-sender';

describe('HttpSender', () => {
  let server: Server;
  let base: string;
  const hung: ServerResponse[] = [];
  const logger = createLogger('test', 'silent');
  const sender = new HttpSender({ timeoutMs: 500, policy: { production: false }, logger });
  const never = new AbortController().signal;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/big') return res.writeHead(200).end('x'.repeat(10 * RESPONSE_EXCERPT_BYTES));
      if (req.url === '/redirect') return res.writeHead(302, { location: '/big' }).end();
      if (req.url === '/slow-body') {
        res.writeHead(200);
        res.write('partial');
        hung.push(res);
        return;
      }
      if (req.url === '/hang') return void hung.push(res);
      res.writeHead(429, { 'retry-after': '7' }).end('slow down');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of hung) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('keeps the connection for the next attempt when the answer was read whole, and closes one cut short', async () => {
    const connections: string[] = [];
    const count = (socket: { remotePort?: number }) => connections.push(String(socket.remotePort));
    server.on('connection', count);
    try {
      await sender.send(`${base}/answer`, {}, '{}', never);
      await sender.send(`${base}/answer`, {}, '{}', never);
      expect(connections).toHaveLength(1);
      // The body of /slow-body never ends: its connection is not used again.
      await sender.send(`${base}/slow-body`, {}, '{}', never);
      await sender.send(`${base}/answer`, {}, '{}', never);
      expect(connections).toHaveLength(2);
    } finally {
      server.off('connection', count);
    }
  });

  it('keeps only the first KiB of an answer', async () => {
    const result = await sender.send(`${base}/big`, {}, '{}', never);
    expect(result).toMatchObject({ kind: 'answered', status: 200 });
    expect(result.kind === 'answered' && result.body.length).toBe(RESPONSE_EXCERPT_BYTES);
  });

  it('does not follow redirects', async () => {
    expect(await sender.send(`${base}/redirect`, {}, '{}', never)).toMatchObject({ kind: 'answered', status: 302 });
  });

  it('reads Retry-After', async () => {
    expect(await sender.send(`${base}/other`, {}, '{}', never)).toEqual({ kind: 'answered', status: 429, retryAfter: '7', body: 'slow down' });
  });

  it('gives up on a receiver that does not answer in time, and keeps the status of one whose body never ends', async () => {
    expect(await sender.send(`${base}/hang`, {}, '{}', never)).toEqual({ kind: 'no-answer', error: 'timed out after 500 ms' });
    expect(await sender.send(`${base}/slow-body`, {}, '{}', never)).toMatchObject({ kind: 'answered', status: 200, body: 'partial' });
  });

  it('in production refuses http, and names that resolve to non-public addresses', async () => {
    const production = new HttpSender({ timeoutMs: 500, policy: { production: true }, logger });
    expect(await production.send(`${base}/big`, {}, '{}', never)).toEqual({ kind: 'no-answer', error: 'refused: the URL must use https' });
    const error = await new Promise<unknown>((resolve) => publicOnlyLookup(logger)('localhost', {}, (e) => resolve(e)));
    expect(error).toBeInstanceOf(RefusedTarget);
  });

  it('loopback only: refuses any other URL without resolving its name, and delivers to this machine', async () => {
    const local = new HttpSender({ timeoutMs: 500, policy: { production: false, loopbackOnly: true }, logger });
    const refused = { kind: 'no-answer', error: 'refused: this stack delivers only to this machine' };
    for (const url of ['https://example.com/hook', 'http://10.0.0.1/hook', 'http://[fe80::1]/hook', 'http://localhost.example.com/hook']) expect(await local.send(url, {}, '{}', never)).toEqual(refused);
    expect(await local.send(`${base}/big`, {}, '{}', never)).toMatchObject({ kind: 'answered', status: 200 });
    expect(await local.send('http://[::1]:9/hook', {}, '{}', never)).toMatchObject({ kind: 'no-answer' });
    expect(await local.send('http://[::1]:9/hook', {}, '{}', never)).not.toEqual(refused);
  });

  it('tells the app only that the name does not resolve to a public address, and logs which address it was', async () => {
    const warn = jest.spyOn(logger, 'warn');
    const error = await new Promise<unknown>((resolve) => publicOnlyLookup(logger)('localhost', {}, (e) => resolve(e)));
    expect(error).toBeInstanceOf(RefusedTarget);
    expect((error as RefusedTarget).message).toBe('the URL does not resolve to a public address');
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ hostname: 'localhost', address: expect.stringMatching(/^(127\.|::1$)/) }), expect.any(String));
    warn.mockRestore();
  });
});
