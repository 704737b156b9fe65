import { metrics } from '@opentelemetry/api';
import { mongo } from 'mongoose';

/**
 * When a connection counts as stuck: no server of the store selectable for `stuckAfterMs` (the driver's monitor
 * normally finds a store that came back within one heartbeat, 10 s, plus a connect timeout, 10 s), while a fresh
 * client reaches it within `probeTimeoutMs`. While the store stays unreachable, the probe is tried again every
 * `stuckAfterMs`.
 */
export const STUCK_CLIENT_BOUNDS = { stuckAfterMs: 30_000, probeTimeoutMs: 5_000 };

export interface StuckClientReport {
  /** How long no server of the store had been selectable when the probe reached it. */
  unreachableForMs: number;
  /** The error the driver last gave for the store's server(s). */
  lastError: string | undefined;
  /** Whether the new topology connected (if not, operations connect it, and the guard tries again). */
  reconnected: boolean;
}

export interface StuckClientGuardOptions {
  stuckAfterMs?: number;
  probeTimeoutMs?: number;
  /** Told each time the client's connection to the store was replaced: the service logs it. */
  onReplaced?: (report: StuckClientReport) => void;
}

/** The driver's topology of a client: internal to the driver (mongoose reads it too), replaced as a whole here. */
interface ClientInternals {
  topology?: { close(): void; isConnected(): boolean };
}

const replacements = metrics.getMeter('@obp/db').createCounter('db.client.replaced', {
  description: 'Connections to the store replaced because the driver could select no server while a fresh client reached the store',
  unit: '{replacement}',
});

/** Reaches the store with a client of its own: a connection, a `hello` and a `ping`, within `timeoutMs`. */
async function reachesTheStore(uri: string, timeoutMs: number): Promise<boolean> {
  const probe = new mongo.MongoClient(uri, { serverSelectionTimeoutMS: timeoutMs, connectTimeoutMS: timeoutMs, timeoutMS: timeoutMs, maxPoolSize: 1 });
  try {
    await probe.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await probe.close().catch(() => undefined);
  }
}

/**
 * Replaces the driver's view of the store (its topology: server monitors and connection pools) when it stays unable
 * to select the store that a fresh client reaches, whatever holds it. The client object stays, so every `Db` and
 * collection handle the services took from it goes on working: operations waiting for a server then fail with
 * `MongoTopologyClosedError`, one running on a connection of the old pool finishes or fails with a closed-server or
 * closed-pool error (all counted by `isStoreUnavailable`, so retried), and the next ones use the new topology.
 * `client.close()` is not used: it would end the open cursors, which then read as finished, not failed.
 */
export class StuckClientGuard {
  private readonly stuckAfterMs: number;
  private readonly probeTimeoutMs: number;
  private unreachableSince: number | undefined;
  private lastError: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private replacing = false;
  private stopped = false;

  constructor(
    private readonly client: mongo.MongoClient,
    private readonly uri: string,
    private readonly options: StuckClientGuardOptions = {},
  ) {
    this.stuckAfterMs = options.stuckAfterMs ?? STUCK_CLIENT_BOUNDS.stuckAfterMs;
    this.probeTimeoutMs = options.probeTimeoutMs ?? STUCK_CLIENT_BOUNDS.probeTimeoutMs;
    client.on('topologyDescriptionChanged', this.onTopologyChanged);
  }

  stop(): void {
    this.stopped = true;
    this.client.off('topologyDescriptionChanged', this.onTopologyChanged);
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private readonly onTopologyChanged = (event: mongo.TopologyDescriptionChangedEvent): void => {
    // The old topology closing and the new one connecting tell nothing about whether the client is stuck.
    if (this.replacing) return;
    const servers = [...event.newDescription.servers.values()];
    if (servers.some((server) => server.type !== 'Unknown')) {
      this.unreachableSince = undefined;
      clearTimeout(this.timer);
      this.timer = undefined;
      return;
    }
    this.lastError = servers.find((server) => server.error)?.error?.message ?? this.lastError;
    if (this.unreachableSince === undefined) {
      this.unreachableSince = Date.now();
      this.checkLater();
    }
  };

  private checkLater(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => void this.check(), this.stuckAfterMs).unref();
  }

  private async check(): Promise<void> {
    this.timer = undefined;
    if (this.stopped || this.unreachableSince === undefined) return;
    if (await reachesTheStore(this.uri, this.probeTimeoutMs)) await this.replace(Date.now() - this.unreachableSince);
    if (this.unreachableSince !== undefined) this.checkLater();
  }

  private async replace(unreachableForMs: number): Promise<void> {
    if (this.stopped) return;
    const internals = this.client as unknown as ClientInternals;
    const lastError = this.lastError;
    this.replacing = true;
    let reconnected = false;
    try {
      const stuck = internals.topology;
      internals.topology = undefined;
      stuck?.close();
      await this.client.connect();
      reconnected = true;
    } catch {
      // A topology that failed to connect is left closed on the client: without it, the next operation connects one.
      if (internals.topology && !internals.topology.isConnected()) internals.topology = undefined;
    } finally {
      this.replacing = false;
    }
    if (reconnected) this.unreachableSince = undefined;
    replacements.add(1, { reconnected });
    this.options.onReplaced?.({ unreachableForMs, lastError, reconnected });
  }
}
