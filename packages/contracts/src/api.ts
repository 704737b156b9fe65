import { analysisRoutes } from './analysis';
import { appRoutes, dashboardRoutes } from './apps';
import { providerAdminRoutes, xs2aCallbackRoutes } from './bank-providers';
import { consentRefreshRoutes } from './consent-refreshes';
import { consentRoutes, sandboxRoutes } from './consents';
import { statementImportRoutes } from './statement-imports';
import { feedbackRoutes } from './feedback';
import { buildOpenApiDocument } from './http/openapi';
import type { RouteContract } from './http/route';
import { apiReferenceRoutes, edgeRoutes, healthRoutes, metricsRoutes } from './platform';
import { sequencingRoutes } from './sequencing';
import { shareRoutes } from './shares';
import { webhookMessages, webhookRoutes } from './webhooks';

/** Every route of the platform, as the edge serves them. */
export const apiRoutes: readonly RouteContract[] = [edgeRoutes, apiReferenceRoutes, dashboardRoutes, appRoutes, healthRoutes, metricsRoutes, shareRoutes, consentRoutes, consentRefreshRoutes, statementImportRoutes, sandboxRoutes, providerAdminRoutes, xs2aCallbackRoutes, sequencingRoutes, analysisRoutes, feedbackRoutes, webhookRoutes].flatMap((group) => Object.values(group));

/** The OpenAPI 3.1 document the edge serves at /openapi.json, derived from the route contracts. */
export function openApiDocument(serverUrl: string) {
  return buildOpenApiDocument(
    {
      title: 'Open-banking data platform API',
      version: '1.0.0',
      description:
        'Shares, consents, accounts and transactions, sequencing of recurring income and expenses, analysis jobs, categorization feedback, and webhooks. Obtain a token with the OAuth 2.0 client credentials flow at /connect/token (scope customer-api) and send it as a bearer token. Errors are RFC 9457 problem bodies; a share that is not found is a plain string. No input may hold the NUL character (U+0000): not a path or query parameter, nor any string or property name of a body (400 naming the field).',
      serverUrl,
      tags: [
        { name: 'Shares', description: 'Give another app read access to chosen consents, accounts and analyses until a moment.' },
        { name: 'Consents', description: 'Connect a user’s bank accounts, read their accounts and transactions, refresh and erase them.' },
        { name: 'Sequencing', description: 'Recurring income and expenses found in the latest 13 months of transactions.' },
        { name: 'Analysis jobs', description: 'Background analyses (categorisation, sequencing, monthly income and expense, indicators) of consents, users, accounts or earlier jobs.' },
        { name: 'Categorization feedback', description: 'Corrections of a transaction’s category, reviewed by people; accepted ones shape later analyses of the app. Reviewers use the scope feedback-review and the console at /console.' },
        { name: 'Webhooks', description: 'Endpoints that receive signed messages (Standard Webhooks) about the app’s own resources; the messages are listed under webhooks.' },
        { name: 'Apps', description: 'The calling app’s own registration: its redirect URLs and rate limit. The app dashboard at /dashboard uses it.' },
        { name: 'Sandbox bank', description: 'The built-in sandbox bank’s consent page, for the end user’s browser.' },
        { name: 'Authentication', description: 'OAuth 2.0 client credentials; RS256 tokens verified with the published keys.' },
        { name: 'Operations', description: 'Health, this document, and client registration by the operator.' },
      ],
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: '/connect/token', scopes: { 'customer-api': 'The customer API', 'feedback-review': 'Review categorization feedback' } } },
        },
        adminToken: { type: 'http', scheme: 'bearer', description: 'The operator’s ADMIN_TOKEN' },
      },
    },
    apiRoutes,
    webhookMessages,
  );
}
