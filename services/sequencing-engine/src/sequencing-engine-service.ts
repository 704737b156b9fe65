import { ConsentData, ConsentResultCache } from '@obp/consent-data';
import { consentEvents, sequencingRoutes } from '@obp/contracts';
import { bindRoutes } from '@obp/http';
import { periodicTask } from '@obp/jobs';
import { startService, type RunningService, type ServiceDefinition, type ServiceOverrides } from '@obp/service-kit';
import type { SequencingEngineConfig } from './config';
import { historyStart } from './domain/history-window';
import { getConsentSequencingHttp, getUserSequencingHttp } from './use-cases/get-sequencing/get-sequencing.http';
import { GetSequencingService, type Sequencing } from './use-cases/get-sequencing/get-sequencing.service';
import { onTransactionsFetched } from './use-cases/precompute-sequencing/on-transactions-fetched.handler';
import { sequencingEngineMigrations } from './migrations';

export const SERVICE_NAME = 'sequencing-engine';

export type SequencingEngineHandle = RunningService<{ consentData: ConsentData }>;

/** The sequencing engine: its projection of consent data and share grants, each consent's cached sequencing, and the sequencing API. */
export const sequencingEngine: ServiceDefinition<SequencingEngineConfig, { consentData: ConsentData }> = {
  name: SERVICE_NAME,
  databaseName: (config) => config.SEQUENCING_DB_NAME,
  migrations: sequencingEngineMigrations,
  async compose(kit) {
    const consentData = new ConsentData(kit.db, { historyStart });
    await consentData.ensureIndexes();
    const grants = kit.shareGrants();
    const sequencing = new GetSequencingService(consentData, grants, new ConsentResultCache<Sequencing>(kit.db));
    const projection = consentData.handlers();
    kit.subscribe('transactions', consentEvents, {
      ...projection,
      'transactions.fetched': onTransactionsFetched(projection['transactions.fetched']!, sequencing, kit.logger),
    });
    kit.worker(periodicTask({ name: 'prune history', logger: kit.logger, intervalMs: kit.config.PRUNE_INTERVAL_MS, run: async (now) => void (await consentData.prune(now)) }));
    return {
      routes: bindRoutes(sequencingRoutes, {
        getConsentSequencing: getConsentSequencingHttp(sequencing),
        getUserSequencing: getUserSequencingHttp(sequencing),
      }),
      expose: { consentData },
    };
  },
};

export const startSequencingEngine = (config: SequencingEngineConfig, overrides: ServiceOverrides = {}): Promise<SequencingEngineHandle> => startService(sequencingEngine, config, overrides);
