import { randomUUID } from 'node:crypto';
import type { Logger } from '@obp/telemetry';
import { announceExpiring, endedAtBank, expiringNoticeDueAt, invalidate, requestFetch, timeOut, type Consent } from '../../domain/consent';
import { REFRESH_HISTORY_MS } from '../../domain/refresh-limit';
import type { ConsentEvents } from '../../infrastructure/consent-events';
import type { ConsentRepository, Mutation } from '../../infrastructure/consent.repository';
import type { RefreshRequestRepository } from '../../infrastructure/refresh-request.repository';
import type { MaintenanceRounds } from './maintenance-rounds.repository';
import type { EraseConsentService } from '../../use-cases/delete-consent/erase-consent.service';

export interface MaintenanceSettings {
  intervalMs: number;
  /** An `Initialized` consent the user did not decide on within this time is `TimedOut`. */
  authorizationTimeoutMs: number;
  /** A `Daily` consent is fetched again once its data is this old. */
  dailySyncAgeMs: number;
  /** `consent.expiring` goes out this long before a bank consent's validity ends. */
  expiringNoticeMs: number;
}

const ROUND_MARGIN_MS = 3_600_000;

/** The settings when falls due depends on: rounds under other settings look at every consent again. */
const settingsKey = ({ authorizationTimeoutMs, dailySyncAgeMs, expiringNoticeMs }: MaintenanceSettings): string => JSON.stringify({ authorizationTimeoutMs, dailySyncAgeMs, expiringNoticeMs });

const finished: ReadonlySet<string> = new Set(['Rejected', 'TimedOut', 'Invalidated']);

/** One step of consent housekeeping, decided from the consent alone: pure. */
export function housekeeping(c: Consent, now: Date, settings: MaintenanceSettings): Consent | null {
  if (c.status === 'Initialized' && now.getTime() - c.dateRequested.getTime() >= settings.authorizationTimeoutMs) return timeOut(c, now);
  if (!finished.has(c.status) && c.dateExpire <= now) {
    // A notice not sent yet (0 days' notice, or no round between the notice's time and validUntil) goes out with the
    // invalidation, in the same write: the app is always told before its access ends.
    return expiringNoticeDueAt(c, settings.expiringNoticeMs) ? announceExpiring(invalidate(c, now)) : invalidate(c, now);
  }
  const expiringFrom = expiringNoticeDueAt(c, settings.expiringNoticeMs);
  if (expiringFrom && expiringFrom <= now) return announceExpiring(c);
  const stale = c.dateTransactionsUpdated === null || now.getTime() - c.dateTransactionsUpdated.getTime() >= settings.dailySyncAgeMs;
  if (c.syncMode === 'Daily' && c.status === 'Updated' && c.fetch === null && stale) return requestFetch(c, randomUUID(), now);
  return null;
}

/**
 * When `housekeeping` may next change the consent, from the consent alone: stored with it (by the
 * hour) so that a round reads only the consents due, never all of them.
 */
export function housekeepingDueAt(c: Consent, settings: Omit<MaintenanceSettings, 'intervalMs'>): Date | null {
  const times: number[] = [];
  if (c.status === 'Initialized') times.push(c.dateRequested.getTime() + settings.authorizationTimeoutMs);
  if (!finished.has(c.status)) times.push(c.dateExpire.getTime());
  const expiringFrom = expiringNoticeDueAt(c, settings.expiringNoticeMs);
  if (expiringFrom) times.push(expiringFrom.getTime());
  if (c.syncMode === 'Daily' && c.status === 'Updated' && c.fetch === null) {
    // Never synced: due from when it became Updated; else a day after its data.
    times.push(c.dateTransactionsUpdated === null ? c.dateStatusUpdated.getTime() : c.dateTransactionsUpdated.getTime() + settings.dailySyncAgeMs);
  }
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}

/**
 * The periodic job the local store needs in place of TTL indexes and schedulers: purges refresh
 * history older than 7 days, times out and invalidates consents, tells of bank consents expiring soon, queues daily syncs, and finishes
 * erasures a crash interrupted. The job runner runs it every MAINTENANCE_INTERVAL_MS; each round
 * reads only what fell due since the previous one.
 */
export class MaintenanceJob {
  constructor(
    private readonly consents: ConsentRepository,
    private readonly refreshRequests: RefreshRequestRepository,
    private readonly rounds: MaintenanceRounds,
    private readonly erase: EraseConsentService,
    private readonly events: ConsentEvents,
    private readonly settings: MaintenanceSettings,
    private readonly logger: Logger,
    private readonly onFetchRequested: () => void,
    /**
     * Read once a round: whether a provider key names a bank the deployment still has (added in the database, in the
     * file, or built in). Unset: every bank is taken as still there.
     */
    private readonly banksKnown: () => Promise<(providerKey: string) => boolean> = async () => () => true,
  ) {}

  async runOnce(now = new Date()): Promise<void> {
    const purged = await this.refreshRequests.purgeOlderThan(new Date(now.getTime() - REFRESH_HISTORY_MS));
    if (purged > 0) this.logger.info({ purged }, 'purged refresh history older than 7 days');
    const settings = settingsKey(this.settings);
    const lastRound = await this.rounds.lastRound();
    // A round under new settings (or the first of a database) looks at every consent once and
    // stores when each falls due; the others read the consents due since the last complete round,
    // with an hour's margin for a write that raced it.
    const full = !lastRound || lastRound.settings !== settings;
    const ids = full ? await this.consents.liveIds() : await this.consents.housekeepingDue(new Date(lastRound.at.getTime() - ROUND_MARGIN_MS), now);
    const bankKnown = await this.banksKnown();
    let changed = 0;
    let failed = 0;
    for (const id of ids) {
      try {
        const outcome = await this.consents.mutate(id, (current): Mutation<boolean> => {
          let next = housekeeping(current, now, this.settings);
          // A bank an operator removed: its consent is ended (as its next fetch would), not told it expires.
          if (next && this.events.expiring(current, next).length > 0 && !bankKnown(current.providerKey)) {
            next = endedAtBank(current, { date: now.toISOString(), type: 'ProviderRemoved', code: 'PROVIDER_REMOVED', message: `The bank '${current.providerKey}' was removed by the operator; the consent cannot be fetched or renewed any more.` }, now);
          }
          if (next) return { next, events: [...this.events.expiring(current, next), ...this.events.statusChanged(current, next)], result: true };
          // Nothing to do (yet): written again, so that when it falls due is stored anew.
          return { next: current, events: [], result: false };
        });
        if (outcome.found && outcome.result) changed++;
      } catch (error) {
        failed++;
        this.logger.warn({ err: error, consentId: id }, 'housekeeping of a consent failed');
      }
    }
    if (changed > 0) this.onFetchRequested();
    await this.erase.finishUnfinished({ includeUnmarked: full });
    // A round in which a consent failed is not recorded: the next one reads from the same point again.
    if (failed === 0) await this.rounds.recordRound(now, settings);
  }
}
