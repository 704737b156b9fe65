import { z } from 'zod/v4';
import { defineRoutes, json, problem } from './http/route';
import { dataEnvelope, dateTimeString, int32 } from './schema/common';
import { pathGuid } from './schema/fields';
import { component } from './schema/json-schema';
import { Scopes } from './scopes';

export const refreshAllowanceSchema = component(
  'ConsentRefreshAllowance',
  z.object({
    limitPerDay: int32().meta({ description: 'Refreshes allowed in any 24 hours (the platform’s limit, or fewer where the bank allows fewer reads a day).' }),
    usedInLast24Hours: int32(),
    remaining: int32().meta({ description: 'Refreshes allowed now.' }),
    nextAllowedAt: dateTimeString().nullable().meta({ description: 'When the next refresh is allowed, once none is left; null while some are.' }),
  }),
);
export type RefreshAllowanceDto = z.infer<typeof refreshAllowanceSchema>;

/** How many refreshes of a consent its owner has left (POST /consents/{id}/refresh). */
export const consentRefreshRoutes = defineRoutes(
  { service: 'consent', tags: ['Consents'] },
  {
    getConsentRefreshAllowance: {
      method: 'get',
      path: '/consents/{id}/refreshes',
      auth: { scope: Scopes.customerApi },
      summary: 'The refreshes of a consent left in the rolling 24 hours (its owner only)',
      params: { id: pathGuid() },
      responses: { 200: json('The allowance now', dataEnvelope(refreshAllowanceSchema)), 404: problem('Not found, erased, or not owned by the caller.') },
    },
  },
);
