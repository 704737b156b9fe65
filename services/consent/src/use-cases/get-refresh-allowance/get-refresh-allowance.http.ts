import type { consentRefreshRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import { consentNotFound } from '../consent-answers';
import type { GetRefreshAllowanceService } from './get-refresh-allowance.service';

/** GET /consents/{id}/refreshes. */
export const getRefreshAllowanceHttp =
  (service: GetRefreshAllowanceService): RouteHandler<typeof consentRefreshRoutes.getConsentRefreshAllowance> =>
  async ({ params, caller }) => {
    const allowance = await service.execute(params.id, caller.clientId);
    if (!allowance) return consentNotFound();
    const { limit, used, remaining, nextAllowedAt } = allowance;
    return { status: 200, body: { data: { limitPerDay: limit, usedInLast24Hours: used, remaining, nextAllowedAt: nextAllowedAt?.toISOString() ?? null } } };
  };
