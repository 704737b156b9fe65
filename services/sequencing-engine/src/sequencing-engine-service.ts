import type { Server } from 'node:http';
import { Router, type Express } from 'express';
import { API_AUDIENCE, createTokenVerifier, jwksKeyResolver, requireScope, type KeyResolver } from '@obp/auth';
import { consumerGroup, createKafka, ensureTopics, IdempotentConsumer } from '@obp/bus';
import { Scopes, topicSpec, Topics } from '@obp/contracts';
import { connectDatabase, isDatabaseReady, type Connection } from '@obp/db';
import { answerMethodNotAllowed, closeServer, createHttpApp, finishHttpApp, healthRouter, listen } from '@obp/http';
import { ShareGrants } from '@obp/share-grants';
import { createLogger, type Logger } from '@obp/telemetry';
import type { SequencingEngineConfig } from './config';
import { TransactionProjection } from './infrastructure/transaction-projection';
import { getConsentSequencingHttp, getUserSequencingHttp } from './use-cases/get-sequencing/get-sequencing.http';
import { GetSequencingService } from './use-cases/get-sequencing/get-sequencing.service';

export const SERVICE_NAME = 'sequencing-engine';

export interface SequencingEngineHandle {
  app: Express;
  db: Connection;
  port(): number;
  stop(): Promise<void>;
}

/** The sequencing engine: its projection of consent transactions and share grants, and the sequencing API. */
export async function startSequencingEngine(config: SequencingEngineConfig, overrides: { logger?: Logger; resolveKey?: KeyResolver } = {}): Promise<SequencingEngineHandle> {
  const logger = overrides.logger ?? createLogger(SERVICE_NAME, config.LOG_LEVEL);
  const db = await connectDatabase(config.MONGODB_URI, config.SEQUENCING_DB_NAME);
  const projection = new TransactionProjection(db);
  await projection.ensureIndexes();

  const kafka = createKafka(`${SERVICE_NAME}-service`, config.KAFKA_BROKERS, logger);
  await ensureTopics(kafka, [
    { ...topicSpec(Topics.consentEvents), topic: config.CONSENT_EVENTS_TOPIC },
    { ...topicSpec(Topics.shareEvents), topic: config.SHARE_EVENTS_TOPIC },
  ]);
  const consentEvents = new IdempotentConsumer({
    kafka,
    db,
    logger,
    groupId: consumerGroup(config.NAMESPACE, `${SERVICE_NAME}-transactions`),
    topics: [config.CONSENT_EVENTS_TOPIC],
    handle: (event) => projection.apply(event),
  });
  const shareGrants = new ShareGrants({ kafka, db, logger, topic: config.SHARE_EVENTS_TOPIC, groupId: consumerGroup(config.NAMESPACE, `${SERVICE_NAME}-share-grants`) });
  await consentEvents.start();
  await shareGrants.start();
  const pruner = setInterval(() => {
    projection.prune(new Date()).catch((error: unknown) => logger.warn({ err: error }, 'pruning old transactions failed'));
  }, config.PRUNE_INTERVAL_MS);
  pruner.unref();

  const verify = createTokenVerifier({ issuer: config.TOKEN_ISSUER, audience: API_AUDIENCE, resolveKey: overrides.resolveKey ?? jwksKeyResolver(config.JWKS_URL) });
  const sequencing = new GetSequencingService(projection, shareGrants);

  let shuttingDown = false;
  const app = createHttpApp({ serviceName: SERVICE_NAME, logger });
  app.use(
    healthRouter({ database: () => isDatabaseReady(db), consentEvents: () => consentEvents.isConnected, shareGrants: () => shareGrants.isConnected }, () => shuttingDown),
  );
  const api = Router();
  api.use(requireScope(verify, Scopes.customerApi));
  api.get('/consents/:id/sequencing', getConsentSequencingHttp(sequencing));
  api.get('/users/:id/sequencing', getUserSequencingHttp(sequencing));
  app.use(api);
  answerMethodNotAllowed(app, { '/consents/:id/sequencing': 'GET', '/users/:id/sequencing': 'GET' });
  finishHttpApp(app, logger);

  const server: Server = await listen(app, config.PORT);
  logger.info({ port: (server.address() as { port: number }).port }, 'sequencing engine listening');
  return {
    app,
    db,
    port: () => (server.address() as { port: number }).port,
    async stop() {
      shuttingDown = true;
      clearInterval(pruner);
      await closeServer(server);
      await shareGrants.stop();
      await consentEvents.stop();
      await db.close();
    },
  };
}
