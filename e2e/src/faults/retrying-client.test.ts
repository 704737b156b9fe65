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

  it('fails over to the other edge when one does not answer', async () => {
    const live = await edge('live');
    servers.push(live.server);
    const dead = `http://127.0.0.1:${await freePort()}`;
    const figures = newFigures();
    const client = new RetryingClient([dead, live.url], () => 'token', figures);
    const answer = await client.call('POST', '/shares', { json: {}, idempotencyKey: RetryingClient.newKey(), done: (s) => s === 200, edge: 0 });
    expect({ text: answer.text, edge: answer.edge, attempts: answer.attempts, networkErrors: figures.networkErrors }).toEqual({ text: 'live /shares', edge: 1, attempts: 2, networkErrors: 1 });
  });
});
