import { ConsentData, ownershipHandlers } from '@obp/consent-data';
import { database } from '@obp/db';
import { consentEvents, shareEvents, shareRoutes } from '@obp/contracts';
import { bindRoutes } from '@obp/http';
import { startService, type RunningService, type ServiceDefinition, type ServiceOverrides } from '@obp/service-kit';
import type { OutboxRelay } from '@obp/store';
import type { ShareConfig } from './config';
import type { Share } from './domain/share';
import { ShareListMaintenanceJob } from './jobs/share-list-maintenance/share-list-maintenance.job';
import { ShareLists } from './infrastructure/share-lists';
import { ShareEvents, shareStoreOptions, type ShareStore } from './infrastructure/share-store';
import { createShareHttp } from './use-cases/create-share/create-share.http';
import { CreateShareService } from './use-cases/create-share/create-share.service';
import { deleteShareHttp } from './use-cases/delete-share/delete-share.http';
import { DeleteShareService } from './use-cases/delete-share/delete-share.service';
import { getShareHttp } from './use-cases/get-share/get-share.http';
import { listSharesHttp } from './use-cases/list-shares/list-shares.http';
import { onConsentDeleted, onConsentTombstone } from './use-cases/on-consent-deleted/on-consent-deleted.handler';
import { updateShareHttp } from './use-cases/update-share/update-share.http';
import { UpdateShareService } from './use-cases/update-share/update-share.service';
import { shareMigrations } from './migrations';

export const SERVICE_NAME = 'share';

export type ShareServiceHandle = RunningService<{ shares: ShareStore; lists: ShareLists; listMaintenance: ShareListMaintenanceJob; relay: OutboxRelay; consentOwners: ConsentData }>;

export const shareService: ServiceDefinition<ShareConfig, { shares: ShareStore; lists: ShareLists; listMaintenance: ShareListMaintenanceJob; relay: OutboxRelay; consentOwners: ConsentData }> = {
  name: SERVICE_NAME,
  databaseName: (config) => config.SHARE_DB_NAME,
  migrations: shareMigrations,
  async compose(kit) {
    const { SHARE_CACHE_ENTRIES: maxEntries, SHARE_CACHE_TTL_MS: ttlMs } = kit.config;
    const shares = kit.store<Share>({ ...shareStoreOptions, cache: { maxEntries, ttlMs } });
    if (maxEntries > 0) kit.invalidateOn(shares, shareEvents);
    const events = new ShareEvents(kit.events(shareEvents));
    const lists = new ShareLists(database(kit.db), shares, (error) => kit.logger.warn({ err: error }, 'a share list count was left to the reconciler'));
    await lists.ensureIndexes();
    const listMaintenance = new ShareListMaintenanceJob(lists);
    await kit.periodicRound('share-list-maintenance', kit.config.SHARE_LIST_MAINTENANCE_INTERVAL_MS, async (now) => {
      await listMaintenance.runOnce(now);
    });
    kit.subscribe('consent-erasure', consentEvents, { 'consent.deleted': onConsentDeleted(shares, events), onTombstone: onConsentTombstone(shares, events) });
    // Whose each consent and account is (no transactions): a share may only name the owner's own.
    const consentOwners = new ConsentData(kit.db, { historyStart: (now) => now });
    await consentOwners.ensureIndexes();
    kit.subscribe('consent-owners', consentEvents, ownershipHandlers(consentOwners));
    return {
      routes: bindRoutes(shareRoutes, {
        listShares: listSharesHttp(lists, shares),
        createShare: createShareHttp(new CreateShareService(shares, events, consentOwners, lists)),
        getShare: getShareHttp(shares),
        updateShare: updateShareHttp(new UpdateShareService(shares, events, lists)),
        deleteShare: deleteShareHttp(new DeleteShareService(shares, events, lists)),
      }),
      expose: {
        shares,
        lists,
        listMaintenance,
        consentOwners,
        get relay() {
          return kit.relaysOf()[0]!;
        },
      },
    };
  },
};

export const startShareService = (config: ShareConfig, overrides: ServiceOverrides = {}): Promise<ShareServiceHandle> => startService(shareService, config, overrides);
