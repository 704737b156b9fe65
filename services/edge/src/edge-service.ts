import type { Server } from 'node:http';
import type { Express, RequestHandler } from 'express';
import { API_AUDIENCE, createTokenVerifier, requireScope } from '@obp/auth';
import { openApiDocument, Scopes } from '@obp/contracts';
import { connectDatabase, ensureIndexes, isDatabaseReady, type Connection } from '@obp/db';
import { closeServer, createHttpApp, finishHttpApp, healthRouter, jsonBody, listen } from '@obp/http';
import { createLogger, type Logger } from '@obp/telemetry';
import type { EdgeConfig } from './config';
import { issueTokenHttp } from './issue-token/issue-token.http';
import { IssueTokenService } from './issue-token/issue-token.service';
import { ClientRepository } from './oauth/client.repository';
import { SigningKeyStore } from './oauth/signing-keys';
import { renderDocsPage } from './openapi/docs-page';
import { proxyTo } from './proxy/proxy';
import { registerClientHttp, requireAdminToken } from './register-client/register-client.http';
import { RegisterClientService } from './register-client/register-client.service';

export const SERVICE_NAME = 'edge';

export interface EdgeServiceHandle {
  app: Express;
  db: Connection;
  keys: SigningKeyStore;
  registerClient: RegisterClientService;
  port(): number;
  stop(): Promise<void>;
}

/** The edge: OAuth token issuance, JWKS, OpenAPI, and routing of the API to the services. */
export async function startEdgeService(config: EdgeConfig, overrides: { logger?: Logger } = {}): Promise<EdgeServiceHandle> {
  const logger = overrides.logger ?? createLogger(SERVICE_NAME, config.LOG_LEVEL);
  const db = await connectDatabase(config.MONGODB_URI, config.EDGE_DB_NAME);
  const clients = new ClientRepository(db);
  const keys = new SigningKeyStore(db);
  await ensureIndexes(db);
  await keys.load();

  const issueToken = new IssueTokenService(clients, keys, { issuer: config.TOKEN_ISSUER, lifetimeSeconds: config.TOKEN_LIFETIME_SECONDS });
  const registerClient = new RegisterClientService(clients);
  const verify = createTokenVerifier({ issuer: config.TOKEN_ISSUER, audience: API_AUDIENCE, resolveKey: async (kid) => keys.publicKey(kid) });

  let shuttingDown = false;
  const app = createHttpApp({ serviceName: SERVICE_NAME, logger, parseJsonBodies: false });
  app.use(healthRouter({ database: () => isDatabaseReady(db) }, () => shuttingDown));
  app.post('/connect/token', ...issueTokenHttp(issueToken));
  app.get('/.well-known/jwks.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(keys.jwks());
  });
  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument(config.TOKEN_ISSUER));
  });
  app.get('/docs', (_req, res) => {
    res.type('html').send(renderDocsPage(openApiDocument(config.TOKEN_ISSUER)));
  });
  app.post('/admin/clients', requireAdminToken(config.ADMIN_TOKEN), ...jsonBody('16kb'), registerClientHttp(registerClient));

  // The API: the edge checks the token first (cheap 401/403 at the door); the service checks again.
  const customer = requireScope(verify, Scopes.customerApi);
  const forwardTo = (upstream: string) => proxyTo(upstream, logger, config.UPSTREAM_TIMEOUT_MS);
  const share = forwardTo(config.SHARE_SERVICE_URL);
  const consent = forwardTo(config.CONSENT_SERVICE_URL);
  const sequencing = forwardTo(config.SEQUENCING_SERVICE_URL);
  const route = (paths: string[], ...handlers: RequestHandler[]) => {
    for (const path of paths) app.all(path, ...handlers);
  };
  route(['/shares', '/shares/:shareId'], customer, share);
  route(['/providers', '/consents', '/consents/:id', '/consents/:id/refresh', '/consents/:id/accounts', '/accounts/:id/transactions'], customer, consent);
  route(['/consents/:id/sequencing', '/users/:id/sequencing'], customer, sequencing);
  // The provider page is opened by the end user's browser, without an app token.
  route(['/sandbox/:providerKey/authorize'], consent);
  finishHttpApp(app, logger);

  const server: Server = await listen(app, config.PORT);
  logger.info({ port: (server.address() as { port: number }).port }, 'edge listening');
  return {
    app,
    db,
    keys,
    registerClient,
    port: () => (server.address() as { port: number }).port,
    async stop() {
      shuttingDown = true;
      await closeServer(server);
      await db.close();
    },
  };
}
