import type { Server } from 'node:http';
import express, { Router, type Express } from 'express';
import { API_AUDIENCE, createTokenVerifier, jwksKeyResolver, requireScope, type KeyResolver } from '@obp/auth';
import { consumerGroup, createKafka, createProducer, ensureTopics, OutboxRelay } from '@obp/bus';
import { Scopes, topicSpec, Topics } from '@obp/contracts';
import { connectDatabase, isDatabaseReady, type Connection } from '@obp/db';
import { answerMethodNotAllowed, closeServer, createHttpApp, finishHttpApp, healthRouter, jsonBody, listen } from '@obp/http';
import { ShareGrants } from '@obp/share-grants';
import { createLogger, type Logger } from '@obp/telemetry';
import type { ConsentConfig } from './config';
import { FetchWorker } from './fetch/fetch-worker';
import { AccountRepository } from './infrastructure/account.repository';
import { ConsentEvents } from './infrastructure/consent-events';
import { ConsentRepository } from './infrastructure/consent.repository';
import { RefreshRequestRepository } from './infrastructure/refresh-request.repository';
import { TransactionRepository } from './infrastructure/transaction.repository';
import { MaintenanceJob } from './maintenance/maintenance-job';
import type { BankProvider } from './providers/bank-provider';
import { ProviderRegistry } from './providers/provider-registry';
import { sandboxProviders } from './providers/sandbox-provider';
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
import { refreshConsentHttp } from './use-cases/refresh-consent/refresh-consent.http';
import { RefreshConsentService } from './use-cases/refresh-consent/refresh-consent.service';

export const SERVICE_NAME = 'consent';

export interface ConsentServiceHandle {
  app: Express;
  db: Connection;
  relay: OutboxRelay;
  fetchWorker: FetchWorker;
  maintenance: MaintenanceJob;
  shareGrants: ShareGrants;
  port(): number;
  stop(): Promise<void>;
}

/** Builds and starts the consent service: database, topics, outbox relay, fetch worker, maintenance, share grants, HTTP. */
export async function startConsentService(
  config: ConsentConfig,
  overrides: { logger?: Logger; resolveKey?: KeyResolver; providers?: BankProvider[] } = {},
): Promise<ConsentServiceHandle> {
  const logger = overrides.logger ?? createLogger(SERVICE_NAME, config.LOG_LEVEL);
  const db = await connectDatabase(config.MONGODB_URI, config.CONSENT_DB_NAME);
  const consents = new ConsentRepository(db);
  const accounts = new AccountRepository(db);
  const transactions = new TransactionRepository(db);
  const refreshRequests = new RefreshRequestRepository(db);
  for (const repository of [consents, accounts, transactions, refreshRequests]) await repository.ensureIndexes();
  const providers = new ProviderRegistry(overrides.providers ?? sandboxProviders(config.SANDBOX_SLOW_CALL_MS));
  const events = new ConsentEvents(config.CONSENT_EVENTS_TOPIC);

  const kafka = createKafka(`${SERVICE_NAME}-service`, config.KAFKA_BROKERS, logger);
  await ensureTopics(kafka, [
    { ...topicSpec(Topics.consentEvents), topic: config.CONSENT_EVENTS_TOPIC },
    { ...topicSpec(Topics.shareEvents), topic: config.SHARE_EVENTS_TOPIC },
  ]);
  const producer = createProducer(kafka);
  await producer.connect();
  const relay = new OutboxRelay({ name: 'consents', collection: consents.collection, producer, logger, pollIntervalMs: config.OUTBOX_POLL_MS, lock: consents.lock });
  const publish = () => relay.kick();
  const shareGrants = new ShareGrants({ kafka, db, logger, topic: config.SHARE_EVENTS_TOPIC, groupId: consumerGroup(config.NAMESPACE, `${SERVICE_NAME}-share-grants`) });

  const fetchWorker = new FetchWorker({
    consents,
    accounts,
    transactions,
    providers,
    events,
    logger,
    onEvents: publish,
    pollIntervalMs: config.FETCH_POLL_MS,
    leaseMs: config.FETCH_LEASE_MS,
    retryBaseMs: config.FETCH_RETRY_BASE_MS,
    retryMaxMs: config.FETCH_RETRY_MAX_MS,
    timeoutMs: config.FETCH_TIMEOUT_MS,
    concurrency: config.FETCH_CONCURRENCY,
  });
  const eraseConsent = new EraseConsentService(consents, accounts, transactions, refreshRequests, events, publish, logger);
  const maintenance = new MaintenanceJob(
    consents,
    refreshRequests,
    eraseConsent,
    events,
    { intervalMs: config.MAINTENANCE_INTERVAL_MS, authorizationTimeoutMs: config.AUTHORIZATION_TIMEOUT_MS, dailySyncAgeMs: 86_400_000 },
    logger,
    () => {
      publish();
      fetchWorker.kick();
    },
  );

  relay.start();
  await shareGrants.start();
  fetchWorker.start();
  maintenance.start();
  // Erasures a crash interrupted are finished before serving.
  await eraseConsent.finishUnfinished();

  const verify = createTokenVerifier({
    issuer: config.TOKEN_ISSUER,
    audience: API_AUDIENCE,
    resolveKey: overrides.resolveKey ?? jwksKeyResolver(config.JWKS_URL),
  });
  const access = new ConsentAccess(consents, accounts, shareGrants);
  const authorize = new AuthorizeConsentService(consents, events, () => {
    publish();
    fetchWorker.kick();
  });

  let shuttingDown = false;
  const app = createHttpApp({ serviceName: SERVICE_NAME, logger, parseJsonBodies: false });
  app.use(healthRouter({ database: () => isDatabaseReady(db), shareGrants: async () => shareGrants.isConnected }, () => shuttingDown));

  // The provider page is for the end user's browser: no app token, the link's secret state instead.
  app.get('/sandbox/:providerKey/authorize', authorizePageHttp(authorize, providers));
  app.post('/sandbox/:providerKey/authorize', express.urlencoded({ extended: false, limit: '8kb' }), authorizeDecisionHttp(authorize, providers));

  const api = Router();
  api.use(requireScope(verify, Scopes.customerApi), ...jsonBody('64kb'));
  api.get('/providers', listProvidersHttp(providers));
  api.get('/consents', listConsentsHttp(consents));
  api.post(
    '/consents',
    createConsentHttp(new CreateConsentService(consents, providers, events, { publicBaseUrl: config.PUBLIC_BASE_URL, validityDays: config.CONSENT_VALIDITY_DAYS }, publish)),
  );
  api.get('/consents/:id', getConsentHttp(access));
  api.delete('/consents/:id', deleteConsentHttp(eraseConsent));
  api.post(
    '/consents/:id/refresh',
    refreshConsentHttp(
      new RefreshConsentService(consents, refreshRequests, events, config.REFRESH_LIMIT_PER_DAY, () => {
        publish();
        fetchWorker.kick();
      }),
    ),
  );
  api.get('/consents/:id/accounts', listAccountsHttp(access, accounts));
  api.get('/accounts/:id/transactions', listTransactionsHttp(access, transactions));
  app.use(api);
  answerMethodNotAllowed(app, {
    '/providers': 'GET',
    '/consents': 'GET, POST',
    '/consents/:id': 'GET, DELETE',
    '/consents/:id/refresh': 'POST',
    '/consents/:id/accounts': 'GET',
    '/accounts/:id/transactions': 'GET',
  });
  finishHttpApp(app, logger);

  const server: Server = await listen(app, config.PORT);
  logger.info({ port: (server.address() as { port: number }).port }, 'consent service listening');

  return {
    app,
    db,
    relay,
    fetchWorker,
    maintenance,
    shareGrants,
    port: () => (server.address() as { port: number }).port,
    async stop() {
      shuttingDown = true;
      await closeServer(server);
      await maintenance.stop();
      await fetchWorker.stop();
      await shareGrants.stop();
      await relay.stop();
      await producer.disconnect();
      await db.close();
    },
  };
}
