import { z } from 'zod/v4';
import { defineRoutes, file, html, json, problem } from './http/route';
import { dataEnvelope, dateTimeString } from './schema/common';
import { requestObject } from './schema/fields';
import { component } from './schema/json-schema';
import { rateLimitSchema } from './platform';
import { registeredRedirectUrls } from './redirect-urls';
import { Scopes } from './scopes';

/** The calling app's own registration, as the app may read and (its redirect URLs) change it. */

export const appRateUsageSchema = component(
  'AppRateUsage',
  z.object({
    limit: z.number().int().meta({ description: 'Requests the app may make at once (its bucket’s size).' }),
    remaining: z.number().int().meta({ description: 'Requests left in the bucket now, this request counted.' }),
    resetSeconds: z.number().int().meta({ description: 'Seconds until the bucket is full again.' }),
  }),
  'The app’s token bucket at the edge that answered, now.',
);

export const appSchema = component(
  'App',
  z.object({
    clientId: z.string(),
    name: z.string(),
    scopes: z.array(z.string()),
    directProviderFlow: z.boolean(),
    redirectUrls: z.array(z.string()).meta({ description: 'Where the app’s consents may send users back. A change applies to access tokens issued after it (each token carries them).' }),
    rateLimit: rateLimitSchema.meta({ description: 'The app’s API limit: its own, or the edge’s default.' }),
    rateLimitIsDefault: z.boolean().meta({ description: 'True when the app has no limit of its own and the edge’s default applies.' }),
    usage: appRateUsageSchema.nullable().meta({ description: 'Null when the edge limits no requests (RATE_LIMIT_ENABLED=false).' }),
    createdAt: dateTimeString(),
  }),
);
export type AppDto = z.infer<typeof appSchema>;

export const updateAppBody = requestObject({ redirectUrls: registeredRedirectUrls });
export type UpdateAppBody = z.output<typeof updateAppBody>;

const customer = { scope: Scopes.customerApi };
const rateLimited = problem('The app’s rate limit is spent (code `rate_limited`), as on every API route: try again after Retry-After seconds', {
  'Retry-After': { description: 'Seconds to wait before trying again (at least 1).', schema: { type: 'integer' } },
});

export const appRoutes = defineRoutes(
  { service: 'edge', tags: ['Apps'], bodyLimit: '16kb' },
  {
    getMyApp: {
      method: 'get',
      path: '/apps/me',
      auth: customer,
      summary: 'The calling app’s registration: its redirect URLs, scopes, rate limit and the limit’s use now',
      responses: { 200: json('The app', dataEnvelope(appSchema)), 404: problem('The app’s registration is gone (removed by the operator).'), 429: rateLimited },
    },
    updateMyApp: {
      method: 'put',
      path: '/apps/me',
      auth: customer,
      summary: 'Replace the calling app’s registered redirect URLs (validated as POST /admin/clients validates them)',
      description: 'Access tokens carry the redirect URLs: a consent created with a token issued before the change still checks its redirectUrl against the earlier list.',
      body: { schema: updateAppBody },
      responses: { 200: json('The app as changed', dataEnvelope(appSchema)), 404: problem('The app’s registration is gone (removed by the operator).'), 429: rateLimited },
    },
  },
);

/** The app dashboard at /dashboard: a page, its script and styles, and the chart library, all from the edge. */
export const dashboardRoutes = defineRoutes(
  { service: 'edge', tags: ['Operations'] },
  {
    getDashboard: {
      method: 'get',
      path: '/dashboard',
      auth: 'public',
      summary: 'The app dashboard (sign in with the app’s client id and secret)',
      responses: { 200: html('HTML') },
    },
    getDashboardScript: {
      method: 'get',
      path: '/dashboard/dashboard.js',
      auth: 'public',
      summary: 'The app dashboard’s script',
      responses: { 200: file('JavaScript', 'text/javascript') },
    },
    getDashboardStyles: {
      method: 'get',
      path: '/dashboard/dashboard.css',
      auth: 'public',
      summary: 'The app dashboard’s styles',
      responses: { 200: file('CSS', 'text/css') },
    },
    getDashboardCharts: {
      method: 'get',
      path: '/dashboard/chart.js',
      auth: 'public',
      summary: 'The chart library the dashboard draws with (Chart.js, from the edge’s own package)',
      responses: { 200: file('JavaScript', 'text/javascript') },
    },
  },
);
