import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@obp/testkit';
import { newFigures, RetryingClient } from './retrying-client';

/** A real HTTP server answering 200 with its name and the path it was asked. */
async function edge(name: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => res.writeHead(200).end(`${name} ${req.url}`));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('RetryingClient over two edges', () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

  it('spreads the operations over the edges, and sends an absolute URL on one edge to the edge of the attempt', async () => {
    const [a, b] = await Promise.all([edge('a'), edge('b')]);
    servers.push(a.server, b.server);
    const client = new RetryingClient([a.url, b.url], () => 'token', newFigures());
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await client.call('GET', `${a.url}/consents/${i}?x=1`, { done: (s) => s === 200 })).text);
    expect(answers).toEqual(['a /consents/0?x=1', 'b /consents/1?x=1', 'a /consents/2?x=1', 'b /consents/3?x=1']);
  });

  it('passes a refused connection on to the other edge at once, as a load balancer does: no error the client sees', async () => {
    const live = await edge('live');
    servers.push(live.server);
    const dead = `http://127.0.0.1:${await freePort()}`;
    const figures = newFigures();
    const client = new RetryingClient([dead, live.url], () => 'token', figures);
    const answer = await client.call('POST', '/shares', { json: {}, idempotencyKey: RetryingClient.newKey(), done: (s) => s === 200, edge: 0 });
    expect({ text: answer.text, edge: answer.edge, attempts: answer.attempts, networkErrors: figures.networkErrors, failovers: figures.failovers }).toEqual({
      text: 'live /shares',
      edge: 1,
      attempts: 1,
      networkErrors: 0,
      failovers: 1,
    });
  });

  it('retries on the next edge after a 5xx, with the same Idempotency-Key', async () => {
    const keys: string[] = [];
    let calls = 0;
    const flaky = createServer((req, res) => {
      keys.push(String(req.headers['idempotency-key']));
      res.writeHead(++calls === 1 ? 502 : 200).end(`${calls}`);
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    servers.push(flaky);
    const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
    const other = await edge('other');
    servers.push(other.server);
    const figures = newFigures();
    const key = RetryingClient.newKey();
    const answer = await new RetryingClient([url, other.url], () => 'token', figures).call('POST', '/shares', { json: {}, idempotencyKey: key, done: (s) => s === 200, edge: 0 });
    expect({ text: answer.text, edge: answer.edge, attempts: answer.attempts, serverErrors: figures.serverErrors, keys }).toEqual({ text: 'other /shares', edge: 1, attempts: 2, serverErrors: 1, keys: [key] });
  });
});
