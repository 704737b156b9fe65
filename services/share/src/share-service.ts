import type { Server } from 'node:http';
import { Router, type Express } from 'express';
import { API_AUDIENCE, createTokenVerifier, jwksKeyResolver, requireScope, type KeyResolver } from '@obp/auth';
import { consumerGroup, createKafka, createProducer, ensureTopics, IdempotentConsumer, OutboxRelay } from '@obp/bus';
import { ConsentEventTypes, Scopes, topicSpec, Topics, type ConsentDeletedData } from '@obp/contracts';
import { connectDatabase, ensureIndexes, isDatabaseReady, type Connection } from '@obp/db';
import { answerMethodNotAllowed, closeServer, createHttpApp, finishHttpApp, healthRouter, listen } from '@obp/http';
import { createLogger, type Logger } from '@obp/telemetry';
import type { ShareConfig } from './config';
import { ShareRepository } from './infrastructure/share.repository';
import { createShareHttp } from './use-cases/create-share/create-share.http';
import { CreateShareService } from './use-cases/create-share/create-share.service';
import { deleteShareHttp } from './use-cases/delete-share/delete-share.http';
import { DeleteShareService } from './use-cases/delete-share/delete-share.service';
import { getShareHttp } from './use-cases/get-share/get-share.http';
import { listSharesHttp } from './use-cases/list-shares/list-shares.http';
import { updateShareHttp } from './use-cases/update-share/update-share.http';
import { UpdateShareService } from './use-cases/update-share/update-share.service';

export const SERVICE_NAME = 'share';

export interface ShareServiceHandle {
  app: Express;
  db: Connection;
  relay: OutboxRelay;
  port(): number;
  stop(): Promise<void>;
}

/** Builds and starts the share service: database, topics, outbox relay, HTTP. */
export async function startShareService(
  config: ShareConfig,
  overrides: { logger?: Logger; resolveKey?: KeyResolver } = {},
): Promise<ShareServiceHandle> {
  const logger = overrides.logger ?? createLogger(SERVICE_NAME, config.LOG_LEVEL);
  const db = await connectDatabase(config.MONGODB_URI, config.SHARE_DB_NAME);
  const shares = new ShareRepository(db, config.SHARE_EVENTS_TOPIC);
  await ensureIndexes(db);

  const kafka = createKafka(`${SERVICE_NAME}-service`, config.KAFKA_BROKERS, logger);
  await ensureTopics(kafka, [
    { ...topicSpec(Topics.shareEvents), topic: config.SHARE_EVENTS_TOPIC },
    { ...topicSpec(Topics.consentEvents), topic: config.CONSENT_EVENTS_TOPIC },
  ]);
  const producer = createProducer(kafka);
  await producer.connect();
  const relay = new OutboxRelay({ name: 'shares', collection: shares.collection, producer, logger, pollIntervalMs: config.OUTBOX_POLL_MS, lock: shares.lock });
  relay.start();
  const consentErasure = new IdempotentConsumer({
    kafka,
    db,
    logger,
    groupId: consumerGroup(config.NAMESPACE, `${SERVICE_NAME}-consent-erasure`),
    topics: [config.CONSENT_EVENTS_TOPIC],
    handle: async (event) => {
      if (event.type !== ConsentEventTypes.deleted) return;
      const data = event.data as ConsentDeletedData;
      if ((await shares.dropConsentReferences(data.consentId, data.accountIds, new Date())) > 0) relay.kick();
    },
  });
  await consentErasure.start();

  const verify = createTokenVerifier({
    issuer: config.TOKEN_ISSUER,
    audience: API_AUDIENCE,
    resolveKey: overrides.resolveKey ?? jwksKeyResolver(config.JWKS_URL),
  });
  const kick = () => relay.kick();

  let shuttingDown = false;
  const app = createHttpApp({ serviceName: SERVICE_NAME, logger });
  app.use(healthRouter({ database: () => isDatabaseReady(db), consentEvents: () => consentErasure.isConnected }, () => shuttingDown));

  const router = Router();
  router.use(requireScope(verify, Scopes.customerApi));
  router.get('/shares', listSharesHttp(shares));
  router.post('/shares', createShareHttp(new CreateShareService(shares, kick)));
  router.get('/shares/:shareId', getShareHttp(shares));
  router.put('/shares/:shareId', updateShareHttp(new UpdateShareService(shares, kick)));
  router.delete('/shares/:shareId', deleteShareHttp(new DeleteShareService(shares, kick)));
  app.use(router);
  answerMethodNotAllowed(app, { '/shares': 'GET, POST', '/shares/:shareId': 'GET, PUT, DELETE' });
  finishHttpApp(app, logger);

  const server: Server = await listen(app, config.PORT);
  logger.info({ port: (server.address() as { port: number }).port }, 'share service listening');

  return {
    app,
    db,
    relay,
    port: () => (server.address() as { port: number }).port,
    async stop() {
      shuttingDown = true;
      await closeServer(server);
      await consentErasure.stop();
      await relay.stop();
      await producer.disconnect();
      await db.close();
    },
  };
}
