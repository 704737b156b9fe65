import { testEnv, uniqueName, waitFor } from '@obp/testkit';
import { connectDatabase, type Connection, type mongo } from './index';

/** What of the driver's monitor this test reaches into (none of it public). */
interface MonitoredServer {
  requestCheck(): void;
  monitor: { connection: { socket: { destroy(): void } } | null; monitorId?: { isExecutionInProgress: boolean } };
}

function serverOf(connection: Connection): MonitoredServer {
  const topology = (connection.getClient() as unknown as { topology: { s: { servers: Map<string, MonitoredServer> } } }).topology;
  return [...topology.s.servers.values()][0];
}

/**
 * When the store closes a connection, Node destroys the socket once the FIN is answered and emits its `close` only in
 * a later phase of the event loop. A check of the driver's monitor that starts in between (a pool connection's error
 * makes server selection ask for one) wrote its `hello` to the destroyed socket and waited for ever for a `drain` that
 * never comes; no check ever ran again (patches/mongoose++mongodb+6.20.0.patch, `writeCommand`).
 */
test('a check of the monitor on a socket destroyed before its close fails, and the monitor checks again', async () => {
  const connection = await connectDatabase(testEnv().mongoUri, uniqueName('monitor_socket'));
  const heartbeats: string[] = [];
  const client = connection.getClient();
  client.on('serverHeartbeatSucceeded', () => heartbeats.push('succeeded'));
  client.on('serverHeartbeatFailed', (event: mongo.ServerHeartbeatFailedEvent) => heartbeats.push(`failed: ${event.failure.message}`));
  try {
    const server = serverOf(connection);
    await waitFor(() => server.monitor.connection !== null && heartbeats.includes('succeeded'), { what: 'the monitor’s first check' });
    // A requested check runs at once only when the last one ended at least minHeartbeatFrequencyMS (500 ms) before.
    await new Promise((resolve) => setTimeout(resolve, 600));
    heartbeats.length = 0;

    server.monitor.connection!.socket.destroy();
    server.requestCheck();

    await waitFor(() => heartbeats.find((beat) => beat.startsWith('failed')), { timeoutMs: 5_000, what: 'the check on the destroyed socket to fail' });
    expect(server.monitor.monitorId?.isExecutionInProgress).toBe(false);
    server.requestCheck();
    await waitFor(() => heartbeats.includes('succeeded'), { timeoutMs: 15_000, what: 'a later check to succeed' });
  } finally {
    await connection.close();
  }
});
