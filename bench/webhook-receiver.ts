/**
 * The app side of the webhook benchmark, in a process of its own: answers every POST /hooks/<n>
 * with 204 and remembers when each message arrived, by the share it is about (or, for transactions.fetched,
 * the consent). GET /arrivals hands
 * them over (and forgets them). POST /gate/close holds every answer from then on (the messages
 * still arrive and are remembered); POST /gate/open answers the held ones and the rest at once
 * again: a backlog builds up in the webhooks service meanwhile, whose drain the benchmark measures.
 * A POST to /slow-<ms>/<n> is answered after <ms> milliseconds (a receiver that answers, but slowly).
 * Usage: node --require tsx/cjs bench/webhook-receiver.ts <port>; prints "listening on <port>" when ready.
 */
import http from 'node:http';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: webhook-receiver.ts <port>');

/** One arrival: which endpoint, which share (or consent), when (ms since the epoch). */
type Arrival = [endpoint: string, resourceId: string, at: number];
let arrivals: Arrival[] = [];
/** Answers held while the gate is closed; null while it is open. */
let held: http.ServerResponse[] | null = null;

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/arrivals') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(arrivals));
    arrivals = [];
    return;
  }
  if (req.method === 'POST' && req.url === '/gate/close') {
    held ??= [];
    res.writeHead(204).end();
    return;
  }
  if (req.method === 'POST' && req.url === '/gate/open') {
    const answers = held ?? [];
    held = null;
    for (const answer of answers) answer.writeHead(204).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ released: answers.length, at: Date.now() }));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const at = Date.now();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: { id?: string; consentId?: string } };
    if (body.type === 'share.created' && body.data.id) arrivals.push([req.url ?? '', body.data.id, at]);
    if (body.type === 'transactions.fetched' && body.data.consentId) arrivals.push([req.url ?? '', body.data.consentId, at]);
    const slowMs = /^\/slow-(\d+)\//.exec(req.url ?? '')?.[1];
    if (slowMs) setTimeout(() => res.writeHead(204).end(), Number(slowMs));
    else if (held) held.push(res);
    else res.writeHead(204).end();
  });
});
server.listen(port, '127.0.0.1', () => console.log(`listening on ${port}`));
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
