import { consentEvents, consentRefreshRoutes, consentRoutes, providerAdminRoutes, sandboxRoutes, statementImportRoutes, xs2aCallbackRoutes } from '@obp/contracts';
import { bindRoutes, requireAdminToken } from '@obp/http';
import { JobRunner, periodicTask } from '@obp/jobs';
import { startService, type RunningService, type ServiceDefinition, type ServiceOverrides } from '@obp/service-kit';
import type { ShareGrants } from '@obp/share-grants';
import type { OutboxRelay } from '@obp/store';
import type { ConsentConfig } from './config';
import type { Consent } from './domain/consent';
import { AccountRepository } from './infrastructure/account.repository';
import { ConsentEvents } from './infrastructure/consent-events';
import { ConsentRepository, consentStoreOptions } from './infrastructure/consent.repository';
import { RefreshRequestRepository } from './infrastructure/refresh-request.repository';
import { StatementImportRepository } from './infrastructure/statement-import.repository';
import { TransactionRepository } from './infrastructure/transaction.repository';
import { ConsentFetchJobs } from './jobs/consent-fetch/consent-fetch.job';
import { consentServiceMigrations } from './migrations';
import { housekeepingDueAt, MaintenanceJob } from './jobs/consent-maintenance/consent-maintenance.job';
import { MaintenanceRounds } from './jobs/consent-maintenance/maintenance-rounds.repository';
import { statementUploadProvider, type Provider } from './providers/bank-provider';
import { ProviderRegistry } from './providers/provider-registry';
import { sandboxProviders } from './providers/sandbox-provider';
import { BankAuthorization, refreshLimitOf } from './providers/xs2a/bank-consent';
import { Xs2aProviderRepository } from './providers/xs2a/xs2a-provider.repository';
import { Xs2aProviderCatalogue } from './providers/xs2a/xs2a-providers';
import { addProviderHttp } from './use-cases/add-provider/add-provider.http';
import { removeProviderHttp } from './use-cases/remove-provider/remove-provider.http';
import { updateProviderHttp } from './use-cases/update-provider/update-provider.http';
import { completeBankAuthorizationHttp } from './use-cases/complete-bank-authorization/complete-bank-authorization.http';
import { authorizeDecisionHttp, authorizePageHttp } from './use-cases/authorize-consent/authorize-consent.http';
import { AuthorizeConsentService } from './use-cases/authorize-consent/authorize-consent.service';
import { ConsentAccess } from './use-cases/consent-access';
import { createConsentHttp } from './use-cases/create-consent/create-consent.http';
import { CreateConsentService } from './use-cases/create-consent/create-consent.service';
import { deleteConsentHttp } from './use-cases/delete-consent/delete-consent.http';
import { EraseConsentService } from './use-cases/delete-consent/erase-consent.service';
import { getConsentHttp } from './use-cases/get-consent/get-consent.http';
import { listAccountsHttp } from './use-cases/list-accounts/list-accounts.http';
import { listConsentsHttp } from './use-cases/list-consents/list-consents.http';
import { listProvidersHttp } from './use-cases/list-providers/list-providers.http';
import { listTransactionsHttp } from './use-cases/list-transactions/list-transactions.http';
import { getStatementImportHttp } from './use-cases/get-statement-import/get-statement-import.http';
import { listStatementImportsHttp } from './use-cases/list-statement-imports/list-statement-imports.http';
import { reauthoriseConsentHttp } from './use-cases/reauthorise-consent/reauthorise-consent.http';
import { ReauthoriseConsentService } from './use-cases/reauthorise-consent/reauthorise-consent.service';
import { getRefreshAllowanceHttp } from './use-cases/get-refresh-allowance/get-refresh-allowance.http';
import { GetRefreshAllowanceService } from './use-cases/get-refresh-allowance/get-refresh-allowance.service';
import { refreshConsentHttp } from './use-cases/refresh-consent/refresh-consent.http';
import { RefreshConsentService } from './use-cases/refresh-consent/refresh-consent.service';
import { uploadStatementHttp } from './use-cases/upload-statement/upload-statement.http';
import { UploadStatementService } from './use-cases/upload-statement/upload-statement.service';

export const SERVICE_NAME = 'consent';

export interface ConsentServiceParts {
  consents: ConsentRepository;
  fetchRunner: JobRunner<Consent>;
  maintenance: MaintenanceJob;
  shareGrants: ShareGrants;
  relay: OutboxRelay;
}

export type ConsentServiceHandle = RunningService<ConsentServiceParts>;

/** Consents, accounts, transactions and refresh history; the sandbox bank and statement uploads; background fetch and import; erasure; housekeeping. */
export const consentService = (providers?: Provider[]): ServiceDefinition<ConsentConfig, ConsentServiceParts> => ({
  name: SERVICE_NAME,
  databaseName: (config) => config.CONSENT_DB_NAME,
  migrations: consentServiceMigrations,
  async compose(kit) {
    const { config, logger } = kit;
    const housekeepingSettings = { intervalMs: config.MAINTENANCE_INTERVAL_MS, authorizationTimeoutMs: config.AUTHORIZATION_TIMEOUT_MS, dailySyncAgeMs: 86_400_000, expiringNoticeMs: config.CONSENT_EXPIRING_NOTICE_DAYS * 86_400_000 };
    const consents = new ConsentRepository(kit.store<Consent>(consentStoreOptions((consent) => housekeepingDueAt(consent, housekeepingSettings))));
    const accounts = new AccountRepository(kit.db);
    const transactions = new TransactionRepository(kit.db);
    const refreshRequests = new RefreshRequestRepository(kit.db);
    const imports = new StatementImportRepository(kit.db);
    for (const repository of [accounts, transactions, refreshRequests, imports]) await repository.ensureIndexes();
    const registry = new ProviderRegistry(providers ?? [...sandboxProviders(config.SANDBOX_SLOW_CALL_MS), statementUploadProvider]);
    // XS2A banks: the configuration file's (a problem stops the start) and those operators added.
    const xs2aRepository = new Xs2aProviderRepository(kit.db);
    const xs2aProviders = new Xs2aProviderCatalogue(registry, xs2aRepository, logger, config.XS2A_SECRETS_DIR);
    const bankStillAdded = async (key: string) => xs2aProviders.isFromFile(key) || (await xs2aRepository.find(key)) !== null;
    if (config.XS2A_PROVIDERS_FILE) xs2aProviders.loadFile(config.XS2A_PROVIDERS_FILE);
    await xs2aProviders.reload();
    // A bank this instance cannot offer (a key file it cannot read) is listed, without making the service unready.
    kit.reportInHealth(() => Object.fromEntries(registry.unavailableKeys().map((key) => [`xs2a-provider:${key}`, 'failing' as const])));
    kit.worker(periodicTask({ name: 'xs2a-provider-reload', logger, intervalMs: config.XS2A_PROVIDERS_RELOAD_MS, run: () => xs2aProviders.reload() }));
    kit.useAdminGuard(requireAdminToken(config.ADMIN_TOKEN));
    const events = new ConsentEvents(kit.events(consentEvents));
    const shareGrants = kit.shareGrants();

    const fetchRunner = kit.worker(
      new JobRunner<Consent>({
        name: 'consent fetch',
        logger,
        concurrency: config.FETCH_CONCURRENCY,
        pollIntervalMs: config.FETCH_POLL_MS,
        leaseMs: config.FETCH_LEASE_MS,
        source: new ConsentFetchJobs({
          consents,
          accounts,
          transactions,
          imports,
          providers: registry,
          bankStillAdded,
          events,
          claims: await kit.claims(),
          logger,
          leaseMs: config.FETCH_LEASE_MS,
          retryBaseMs: config.FETCH_RETRY_BASE_MS,
          retryMaxMs: config.FETCH_RETRY_MAX_MS,
          timeoutMs: config.FETCH_TIMEOUT_MS,
        }),
      }),
    );
    const requestFetch = () => fetchRunner.kick();
    const eraseConsent = new EraseConsentService(consents, accounts, transactions, refreshRequests, imports, events, kit.idempotency(), logger, registry);
    const maintenance = new MaintenanceJob(
      consents,
      refreshRequests,
      new MaintenanceRounds(kit.db),
      eraseConsent,
      events,
      housekeepingSettings,
      logger,
      requestFetch,
      async () => {
        const added = new Set((await xs2aRepository.list()).map((stored) => stored.config.providerKey));
        return (key) => added.has(key) || registry.find(key) !== undefined;
      },
    );
    await kit.periodicRound('consent-maintenance', config.MAINTENANCE_INTERVAL_MS, (now) => maintenance.runOnce(now));
    // Erasures a crash interrupted are finished as soon as the service runs.
    kit.onStarted(() => eraseConsent.finishUnfinished());

    const access = new ConsentAccess(consents, accounts, shareGrants);
    const authorize = new AuthorizeConsentService(consents, events, requestFetch);
    const bankAuthorization = new BankAuthorization(consents, events, registry, requestFetch, logger, config.AUTHORIZATION_TIMEOUT_MS, undefined, bankStillAdded);
    kit.worker(periodicTask({ name: 'xs2a-authorization-poll', logger, intervalMs: config.XS2A_AUTHORIZATION_POLL_MS, run: (now) => bankAuthorization.pollDue(now) }));
    return {
      routes: [
        ...bindRoutes(sandboxRoutes, {
          showAuthorizationPage: authorizePageHttp(authorize, registry),
          decideAuthorization: authorizeDecisionHttp(authorize, registry),
        }),
        ...bindRoutes(consentRoutes, {
          listProviders: listProvidersHttp(registry),
          listConsents: listConsentsHttp(consents),
          createConsent: createConsentHttp(new CreateConsentService(consents, registry, events, { publicBaseUrl: config.PUBLIC_BASE_URL, validityDays: config.CONSENT_VALIDITY_DAYS })),
          getConsent: getConsentHttp(access),
          deleteConsent: deleteConsentHttp(eraseConsent),
          reauthoriseConsent: reauthoriseConsentHttp(new ReauthoriseConsentService(consents, registry, { publicBaseUrl: config.PUBLIC_BASE_URL, authorizationTimeoutMs: config.AUTHORIZATION_TIMEOUT_MS })),
          refreshConsent: refreshConsentHttp(new RefreshConsentService(consents, refreshRequests, events, refreshLimitOf(registry, config.REFRESH_LIMIT_PER_DAY), requestFetch)),
          listAccounts: listAccountsHttp(access, accounts),
          listTransactions: listTransactionsHttp(access, transactions),
        }),
        ...bindRoutes(consentRefreshRoutes, { getConsentRefreshAllowance: getRefreshAllowanceHttp(new GetRefreshAllowanceService(consents, refreshRequests, refreshLimitOf(registry, config.REFRESH_LIMIT_PER_DAY))) }),
        ...bindRoutes(providerAdminRoutes, { addProvider: addProviderHttp(xs2aProviders), updateProvider: updateProviderHttp(xs2aProviders), removeProvider: removeProviderHttp(xs2aProviders) }),
        ...bindRoutes(xs2aCallbackRoutes, { completeBankAuthorization: completeBankAuthorizationHttp(authorize, bankAuthorization) }),
        ...bindRoutes(statementImportRoutes, {
          uploadStatement: uploadStatementHttp(new UploadStatementService(consents, imports, events, requestFetch)),
          listStatementImports: listStatementImportsHttp(access, imports),
          getStatementImport: getStatementImportHttp(access, imports),
        }),
      ],
      expose: {
        consents,
        fetchRunner,
        maintenance,
        shareGrants,
        get relay() {
          return kit.relaysOf()[0]!;
        },
      },
    };
  },
});

export const startConsentService = (config: ConsentConfig, overrides: ServiceOverrides & { providers?: Provider[] } = {}): Promise<ConsentServiceHandle> =>
  startService(consentService(overrides.providers), config, overrides);
