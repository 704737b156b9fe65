/**
 * The app side of the webhook benchmark, in a process of its own: answers every POST /hooks/<n>
 * with 204 and remembers when each message arrived, by the share it is about. GET /arrivals hands
 * them over (and forgets them). Usage: node --require tsx/cjs bench/webhook-receiver.ts <port>;
 * prints "listening on <port>" when ready.
 */
import http from 'node:http';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: webhook-receiver.ts <port>');

/** One arrival: which endpoint, which share, when (ms since the epoch). */
type Arrival = [endpoint: string, shareId: string, at: number];
let arrivals: Arrival[] = [];

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/arrivals') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(arrivals));
    arrivals = [];
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const at = Date.now();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: { id?: string } };
    if (body.type === 'share.created' && body.data.id) arrivals.push([req.url ?? '', body.data.id, at]);
    res.writeHead(204).end();
  });
});
server.listen(port, '127.0.0.1', () => console.log(`listening on ${port}`));
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
