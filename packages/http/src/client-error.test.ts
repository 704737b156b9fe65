import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createLogger } from '@obp/telemetry';
import { createHttpApp, finishHttpApp } from './app';
import { closeServer, listen } from './server';

/** Sends raw bytes on a connection of its own and reads everything until the server closes it. */
function exchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(raw);
  });
}

function parse(answer: string): { statusLine: string; headers: Record<string, string>; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { statusLine, headers, body: JSON.parse(body) };
}

describe('requests Node cannot read', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const app = createHttpApp({ serviceName: 'test' });
    app.get('/ok', (_req, res) => void res.json({ ok: true }));
    finishHttpApp(app, createLogger('test', 'silent'));
    server = await listen(app, 0, '127.0.0.1');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => closeServer(server));

  it('answers headers larger than Node reads with a 431 problem, and closes', async () => {
    const answer = parse(await exchange(port, `GET /ok HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toEqual({
      type: 'https://tools.ietf.org/html/rfc6585#section-5',
      title: 'Request Header Fields Too Large',
      status: 431,
      traceId: null,
      detail: expect.any(String),
      code: 'header_too_large',
    });
  });

  it('answers an overlong URL the same way (the request line counts with the headers)', async () => {
    const answer = parse(await exchange(port, `GET /ok?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
  });

  it.each([
    ['a garbage request line', 'THIS IS NOT HTTP\r\n\r\n'],
    ['a header with a control character', 'GET /ok HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n'],
    ['a header name with a space', 'GET /ok HTTP/1.1\r\nHost: x\r\nBad Name: b\r\n\r\n'],
    ['both Content-Length and Transfer-Encoding', 'POST /ok HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
  ])('answers %s with a 400 problem, and closes', async (_name, raw) => {
    const answer = parse(await exchange(port, raw));
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(answer.body).toMatchObject({ status: 400, title: 'Bad Request', code: 'malformed_request', detail: expect.any(String) });
  });

  it('writes nothing into an answer already on its way: a bad request pipelined after a good one closes the connection after the good answer', async () => {
    const answer = await exchange(port, 'GET /ok HTTP/1.1\r\nHost: x\r\n\r\nNOT HTTP\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 200 OK')).toBe(true);
    expect(answer.endsWith('\r\n\r\n{"ok":true}')).toBe(true);
  });
});
