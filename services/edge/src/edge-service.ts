import { apiReferenceRoutes, apiRoutes, appRoutes, dashboardRoutes, edgeRoutes, healthRoutes, metricsRoutes, openApiDocument } from '@obp/contracts';
import { bindRoutes, requireAdminToken } from '@obp/http';
import { periodicTask } from '@obp/jobs';
import { upstreamServices } from '@obp/platform';
import { startService, type RunningService, type ServiceDefinition, type ServiceOverrides } from '@obp/service-kit';
import type { EdgeConfig } from './config';
import { issueTokenHttp } from './issue-token/issue-token.http';
import { IssueTokenService } from './issue-token/issue-token.service';
import { ClientRepository } from './oauth/client.repository';
import { SigningKeyStore } from './oauth/signing-keys';
import { apiReferenceHandlers, createApiReference } from './api-reference/api-reference.http';
import { getMyAppHttp, updateMyAppHttp } from './apps/my-app.http';
import { limitAppRoutes } from './apps/limit-app-routes';
import { MyAppService } from './apps/my-app.service';
import { dashboardHandlers } from './dashboard/dashboard.http';
import { forwardedRoutes } from './proxy/forwarded-routes';
import { proxyTo } from './proxy/proxy';
import { ClientRateLimits } from './rate-limit/client-rate-limits';
import { limitApiRequests, TokenRequestLimits } from './rate-limit/rate-limit.http';
import { RateLimitBlocks } from './rate-limit/rate-limit-blocks.repository';
import { RateLimiter } from './rate-limit/rate-limiter';
import { registerClientHttp } from './register-client/register-client.http';
import { RegisterClientService } from './register-client/register-client.service';

export const SERVICE_NAME = 'edge';

export type EdgeServiceHandle = RunningService<{ keys: SigningKeyStore; registerClient: RegisterClientService }>;

/** The edge: OAuth token issuance, JWKS, the API document, and routing of the API to the services. */
export const edgeService: ServiceDefinition<EdgeConfig, { keys: SigningKeyStore; registerClient: RegisterClientService }> = {
  name: SERVICE_NAME,
  databaseName: (config) => config.EDGE_DB_NAME,
  async compose(kit) {
    const { config, logger } = kit;
    const clients = new ClientRepository(kit.db);
    const keys = new SigningKeyStore(kit.db);
    await keys.load();
    // A rotation by another edge or the rotate-signing-key command: published here before its key signs.
    kit.worker(periodicTask({ name: 'signing-key reload', logger, intervalMs: config.SIGNING_KEY_RELOAD_MS, run: () => keys.load() }));
    kit.useKeyResolver(async (kid) => keys.publicKey(kid));
    kit.useAdminGuard(requireAdminToken(config.ADMIN_TOKEN));
    const registerClient = new RegisterClientService(clients);
    const issueToken = new IssueTokenService(clients, keys, { issuer: config.TOKEN_ISSUER, lifetimeSeconds: config.TOKEN_LIFETIME_SECONDS });

    // Token buckets shared by the edge instances through the store (see rate-limit/token-bucket.ts).
    const blocks = new RateLimitBlocks(kit.db);
    await blocks.ensureIndexes();
    const limiter = new RateLimiter({ claims: blocks, logger, claimTimeoutMs: config.RATE_LIMIT_CLAIM_TIMEOUT_MS });
    const purge = async (now: Date) => {
      limiter.sweep();
      await blocks.purge(now);
    };
    kit.worker(periodicTask({ name: 'rate-limit-purge', logger, intervalMs: 60_000, run: purge }));
    const defaultLimit = { burst: config.RATE_LIMIT_BURST, perSecond: config.RATE_LIMIT_PER_SECOND };
    const clientLimits = new ClientRateLimits(clients, defaultLimit, logger);
    const limitApi = config.RATE_LIMIT_ENABLED ? limitApiRequests(limiter, clientLimits) : null;
    const tokenLimits = config.RATE_LIMIT_ENABLED
      ? new TokenRequestLimits(limiter, { burst: config.TOKEN_ADDRESS_RATE_LIMIT_BURST, perSecond: config.TOKEN_ADDRESS_RATE_LIMIT_PER_SECOND }, { burst: config.TOKEN_RATE_LIMIT_BURST, perSecond: config.TOKEN_RATE_LIMIT_PER_SECOND })
      : null;

    // The API is forwarded to the service that declares each route (the manifest's services, each at its URL setting); the edge
    // checks tokens first (a cheap 401/403 at the door). A route of a service it has no URL for stops the start.
    const proxies = new Map(upstreamServices.map((service) => [service.name, proxyTo(config[service.edgeUrlEnv], logger, config.UPSTREAM_TIMEOUT_MS, config.UPSTREAM_CONNECT_TIMEOUT_MS)]));
    const servedHere = new Set([SERVICE_NAME, ...[...Object.values(healthRoutes), ...Object.values(metricsRoutes)].map((route) => route.service)]);
    const forwarded = forwardedRoutes(apiRoutes, proxies, servedHere);
    const document = openApiDocument(config.TOKEN_ISSUER);
    const apiReference = createApiReference({ title: document.info.title });
    const appLimiting = config.RATE_LIMIT_ENABLED ? { limiter, limits: clientLimits } : null;
    const myApp = new MyAppService(clients, appLimiting, defaultLimit);
    return {
      routes: [
        ...bindRoutes(apiReferenceRoutes, apiReferenceHandlers(apiReference)),
        ...bindRoutes(dashboardRoutes, dashboardHandlers()),
        ...limitAppRoutes(bindRoutes(appRoutes, { getMyApp: getMyAppHttp(myApp), updateMyApp: updateMyAppHttp(myApp) }), appLimiting),
        ...bindRoutes(edgeRoutes, {
        issueToken: issueTokenHttp(issueToken, tokenLimits),
        getJwks: () => ({ status: 200, body: keys.jwks(), headers: { 'Cache-Control': 'public, max-age=300' } }),
        getOpenApiDocument: () => ({ status: 200, body: document }),
        registerClient: registerClientHttp(registerClient),
        }),
      ],
      forwards: forwarded.map(({ contract, upstream: proxy }) => ({ contract, handlers: limitApi && typeof contract.auth === 'object' ? [limitApi, proxy] : [proxy] })),
      expose: { keys, registerClient },
    };
  },
};

export const startEdgeService = (config: EdgeConfig, overrides: Pick<ServiceOverrides, 'logger' | 'onDatabaseCommand'> = {}): Promise<EdgeServiceHandle> => startService(edgeService, config, overrides);
