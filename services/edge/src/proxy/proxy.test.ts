import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createHttpApp } from '@obp/http';
import { createLogger } from '@obp/telemetry';
import { waitFor } from '@obp/testkit';
import { proxyTo, UpstreamInstances } from './proxy';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A real upstream that records each request and answers as `answer` says. */
function upstream(answer: (seen: Seen, res: import('node:http').ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(request);
      answer(request, res);
    });
  });
  return { seen, server };
}

/**
 * A port that never takes a connection, as a host that is gone: a listener in a stopped process whose accept
 * queue is full, so the kernel drops further connection attempts. A backlog of 1 holds two connections.
 */
async function unanswering(): Promise<{ target: string; dispose: () => void }> {
  const backlog = 1;
  const child: ChildProcess = spawn(process.execPath, ['-e', `require('net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: ${backlog} }, function () { console.log(this.address().port) })`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`listener exited with ${code}`)));
  });
  child.kill('SIGSTOP');
  const fillers: Socket[] = [];
  const fill = (waitMs: number) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    fillers.push(socket);
    return new Promise<boolean>((resolve) => {
      const timer = waitMs === Infinity ? undefined : setTimeout(() => resolve(false), waitMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  };
  // The queue's places are taken by connections the stopped listener never accepts (the kernel completes them);
  // then one more, in case this kernel holds one more than the backlog says, until one is left waiting.
  for (let i = 0; i <= backlog; i++) await fill(Infinity);
  while (await fill(1_000));
  return {
    target: `http://127.0.0.1:${port}`,
    dispose: () => {
      for (const socket of fillers) socket.destroy();
      child.kill('SIGKILL');
    },
  };
}

describe('proxyTo (real upstream and edge servers)', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await close(server);
    }
  });

  async function edgeTo(target: string | string[], timeoutMs?: number, connectTimeoutMs?: number): Promise<string> {
    const proxy = proxyTo(target, createLogger('test', 'silent'), timeoutMs, connectTimeoutMs);
    // As the edge has it: the caller's trace context is taken up by the tracing middleware.
    const app = createHttpApp({ serviceName: 'edge' });
    app.all('/{*rest}', proxy);
    const server = createServer(app);
    servers.push(server);
    return listen(server);
  }

  it('passes method, path, query, body and headers on, with X-Forwarded-* and a trace context, and the answer back', async () => {
    const up = upstream((_seen, res) => {
      res.writeHead(201, { 'content-type': 'application/json', location: '/things/1', 'x-custom': 'yes', connection: 'keep-alive' });
      res.end('{"data":"1"}');
    });
    servers.push(up.server);
    const edge = await edgeTo(await listen(up.server));

    const res = await fetch(`${edge}/things?a=1&b=two`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', 'x-request-id': 'r1' },
      body: '{"name":"x"}',
    });

    expect({ status: res.status, body: await res.text(), location: res.headers.get('location'), custom: res.headers.get('x-custom') }).toEqual({ status: 201, body: '{"data":"1"}', location: '/things/1', custom: 'yes' });
    const [request] = up.seen;
    expect(request).toMatchObject({ method: 'POST', url: '/things?a=1&b=two', body: '{"name":"x"}' });
    expect(request!.headers).toMatchObject({ authorization: 'Bearer t', 'content-type': 'application/json', 'x-request-id': 'r1', 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http', 'x-forwarded-host': new URL(edge).host });
    // The caller's trace goes on through the edge's CLIENT span: same trace id, the edge's span as parent.
    expect(request!.headers.traceparent).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-(?!b7ad6b7169203331)[0-9a-f]{16}-01$/);
  });

  it('streams a large answer back whole, over kept-alive upstream connections', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const up = upstream((_seen, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(big);
    });
    servers.push(up.server);
    const edge = await edgeTo(await listen(up.server));
    const connections = new Set<string>();
    up.server.on('connection', (socket) => connections.add(`${socket.remotePort}`));

    for (let i = 0; i < 3; i++) expect((await (await fetch(`${edge}/big`)).text()).length).toBe(big.length);
    expect(connections.size).toBe(1);
  });

  it('answers 502 with a problem body when the upstream cannot be reached', async () => {
    const gone = createServer();
    const target = await listen(gone);
    await close(gone);
    const edge = await edgeTo(target);

    const res = await fetch(`${edge}/shares/1`);

    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ status: 502, detail: 'The upstream service is unavailable.' });
  });

  it('sends a chunked body on chunked, also on a DELETE: the upstream never reads part of it as a request of its own', async () => {
    const up = upstream((_seen, res) => {
      res.writeHead(204);
      res.end();
    });
    servers.push(up.server);
    const edge = new URL(await edgeTo(await listen(up.server)));
    const smuggled = 'GET /internal HTTP/1.1\r\nHost: x\r\n\r\n';
    const chunk = `${smuggled.length.toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(edge.port), edge.hostname, () => socket.write(`DELETE /shares/1 HTTP/1.1\r\nHost: ${edge.host}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunk}`));
      let text = '';
      socket.on('data', (data: Buffer) => (text += data.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 204/);
    await waitFor(() => up.seen.length >= 1, { what: 'the request upstream' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(up.seen.map((r) => [r.method, r.url, r.body])).toEqual([['DELETE', '/shares/1', smuggled]]);
  });

  it('takes the instances of a service in turn', async () => {
    const answering = (name: string) =>
      upstream((_seen, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(name);
      });
    const [a, b] = [answering('a'), answering('b')];
    servers.push(a.server, b.server);
    const edge = await edgeTo([await listen(a.server), await listen(b.server)]);

    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await (await fetch(`${edge}/shares`)).text());

    expect(answers.sort()).toEqual(['a', 'a', 'a', 'b', 'b', 'b']);
  });

  it('passes an instance that refuses the connection over for the next, with the request and its body whole', async () => {
    const gone = createServer();
    const goneTarget = await listen(gone);
    await close(gone);
    const live = upstream((seen, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(seen.body);
    });
    servers.push(live.server);
    const edge = await edgeTo([goneTarget, await listen(live.server)]);

    const answers = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${edge}/shares`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: i, pad: 'p'.repeat(100_000) }) });
      answers.push({ status: res.status, n: ((await res.json()) as { n: number }).n });
    }

    expect(answers).toEqual([0, 1, 2, 3].map((n) => ({ status: 201, n })));
    expect(live.seen.map((r) => (JSON.parse(r.body) as { pad: string }).pad.length)).toEqual([100_000, 100_000, 100_000, 100_000]);
  });

  it('passes an instance that does not take the connection within the connect timeout over for the next, with the request whole', async () => {
    const silent = await unanswering();
    try {
      const live = upstream((seen, res) => {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(seen.body);
      });
      servers.push(live.server);
      // A whole request may take a minute; the connection must be made within a second.
      const edge = await edgeTo([silent.target, await listen(live.server)], 60_000, 1_000);

      const answers = [];
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${edge}/shares`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: i }) });
        answers.push({ status: res.status, body: await res.json() });
      }

      expect(answers).toEqual([0, 1].map((n) => ({ status: 201, body: { n } })));
      expect(live.seen.map((r) => r.body)).toEqual(['{"n":0}', '{"n":1}']);
    } finally {
      silent.dispose();
    }
  });

  it('does not pass over an instance whose connection came in while the edge was too busy to see it within the connect timeout', async () => {
    const up = upstream((_seen, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('answered');
    });
    servers.push(up.server);
    const proxy = proxyTo([await listen(up.server)], createLogger('test', 'silent'), 60_000, 50);
    const app = createHttpApp({ serviceName: 'edge' });
    app.all('/{*rest}', (req, res, next) => {
      proxy(req, res, next);
      // The event loop held for six times the connect timeout right after the connection was asked for (the request
      // gets its socket on the next tick): when it turns again, the timer is due and the connection is made.
      process.nextTick(() => {
        const until = Date.now() + 300;
        while (Date.now() < until);
      });
    });
    const server = createServer(app);
    servers.push(server);
    const edge = await listen(server);

    const res = await fetch(`${edge}/shares`);

    expect(res.status).toBe(200);
    expect(await res.text()).toBe('answered');
  });

  it('answers 502 when the only instance does not take the connection', async () => {
    const silent = await unanswering();
    try {
      const edge = await edgeTo([silent.target], 60_000, 1_000);

      const res = await fetch(`${edge}/shares`);

      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ status: 502, detail: 'The upstream service is unavailable.' });
    } finally {
      silent.dispose();
    }
  });

  it('answers 502 when no instance can be reached', async () => {
    const targets = [];
    for (let i = 0; i < 2; i++) {
      const gone = createServer();
      targets.push(await listen(gone));
      await close(gone);
    }
    const edge = await edgeTo(targets);

    const res = await fetch(`${edge}/shares`, { method: 'POST', body: '{}' });

    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ status: 502, detail: 'The upstream service is unavailable.' });
  });

  it('answers 504 with a problem body when the upstream does not answer in time', async () => {
    const up = upstream(() => undefined);
    servers.push(up.server);
    const edge = await edgeTo(await listen(up.server), 300);

    const res = await fetch(`${edge}/slow`);

    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ status: 504, detail: 'The upstream service did not answer in time.' });
  });

  it('answers 504 without the headers of an answer that stopped before its body: a cache may not keep the problem as that answer', async () => {
    const up = upstream((_, res) => {
      res.writeHead(200, { 'cache-control': 'public, max-age=3600', etag: '"v1"', 'x-upstream': 'yes' });
      res.flushHeaders();
    });
    servers.push(up.server);
    const edge = await edgeTo(await listen(up.server), 300);

    const res = await fetch(`${edge}/stalls-after-headers`);

    expect(res.status).toBe(504);
    expect({ etag: res.headers.get('etag'), upstream: res.headers.get('x-upstream'), cacheControl: res.headers.get('cache-control') ?? '' }).toEqual({ etag: null, upstream: null, cacheControl: expect.not.stringContaining('max-age=3600') });
    // The edge's own security headers are still there.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('ends the upstream request when the caller goes away', async () => {
    let upstreamClosed = false;
    const up = upstream(() => undefined);
    up.server.on('request', (req) => req.socket.on('close', () => (upstreamClosed = true)));
    servers.push(up.server);
    const edge = await edgeTo(await listen(up.server));
    const caller = new AbortController();

    const answer = fetch(`${edge}/slow`, { signal: caller.signal }).catch((error: Error) => error.name);
    await waitFor(async () => up.seen.length > 0, { what: 'the request upstream', timeoutMs: 10_000 });
    caller.abort();

    expect(await answer).toBe('AbortError');
    await waitFor(async () => upstreamClosed, { what: 'the upstream request ended', timeoutMs: 10_000 });
  });
});

describe('UpstreamInstances', () => {
  const urls = ['http://a:1', 'http://b:2', 'http://c:3'].map((u) => new URL(u));
  const hosts = (order: readonly URL[]) => order.map((u) => u.hostname).join('');

  it('starts each request at the next instance in turn', () => {
    const instances = new UpstreamInstances(urls);
    expect([1, 2, 3, 4].map(() => hosts(instances.order()))).toEqual(['abc', 'bca', 'cab', 'abc']);
  });

  it('tries an instance that refused a connection last, until its time is up', () => {
    let now = 0;
    const instances = new UpstreamInstances(urls, 2_000, () => now);
    instances.markDown(urls[0]!);
    expect([1, 2, 3].map(() => hosts(instances.order()))).toEqual(['bca', 'bca', 'cba']);
    now = 2_001;
    expect([1, 2].map(() => hosts(instances.order()))).toEqual(['abc', 'bca']);
  });

  it('still tries the down ones when every instance is down', () => {
    const instances = new UpstreamInstances(urls, 2_000, () => 0);
    for (const url of urls) instances.markDown(url);
    expect(hosts(instances.order())).toBe('abc');
  });

  it('needs an instance', () => {
    expect(() => new UpstreamInstances([])).toThrow('at least one instance');
  });
});
