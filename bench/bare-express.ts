/**
 * The baseline: a bare express endpoint in a process of its own, answering GET /shares/{id} with a
 * body shaped like a share and nothing else (no auth, no store). Usage:
 * node --require tsx/cjs bench/bare-express.ts <port>; prints "listening on <port>" when ready.
 */
import express from 'express';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: bare-express.ts <port>');

const app = express();
app.get('/shares/:shareId', (req, res) => {
  res.json({
    data: {
      id: req.params.shareId,
      clientId: 'partner-app-1',
      reference: 'order-1',
      expirationDateUtc: new Date(Date.now() + 86_400_000).toISOString(),
      consentIds: null,
      accountIds: null,
      analysisIds: null,
    },
  });
});
const server = app.listen(port, '127.0.0.1', () => console.log(`listening on ${port}`));
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
