import type { xs2aCallbackRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import type { BankAuthorization } from '../../providers/xs2a/bank-consent';
import { redirectTarget } from '../authorize-consent/authorize-consent.http';
import { pageHeaders, renderMessagePage } from '../authorize-consent/authorize-consent.page';
import type { AuthorizeConsentService } from '../authorize-consent/authorize-consent.service';

const unknownLink = () => ({ status: 404 as const, html: renderMessagePage('Link not valid', 'This consent link is unknown, expired or was already used.'), headers: pageHeaders() });

/**
 * GET /xs2a/{providerKey}/callback: the bank sent the user back after its SCA. The consent (or its re-authorisation,
 * whose link carries its own secret) is decided by what the bank says of it (not by the link the user came back
 * through), then the user goes on to the app's redirectUrl.
 */
export const completeBankAuthorizationHttp =
  (links: AuthorizeConsentService, authorization: BankAuthorization): RouteHandler<typeof xs2aCallbackRoutes.completeBankAuthorization> =>
  async ({ params, query }) => {
    const returned = query.result === 'nok' ? 'nok' : query.result === 'ok' ? 'ok' : null;
    const renewing = await links.lookupRenewal(params.providerKey, query.consentId ?? '', query.state ?? '');
    if (renewing && renewing.consent.redirectUrl !== null) {
      let consent = renewing.consent;
      let outcome = renewing.decided;
      if (!outcome) {
        const renewalId = consent.renewal!.id;
        consent = await authorization.checkRenewal(consent, returned);
        outcome = consent.bankConsent?.id === renewalId ? 'approved' : consent.renewal?.id === renewalId ? null : 'rejected';
      }
      const target = new URL(redirectTarget(consent));
      target.searchParams.set('reauthorisation', outcome ?? 'pending');
      return { status: 303, location: target.toString() };
    }
    const consent = await links.lookup(params.providerKey, query.consentId ?? '', query.state ?? '');
    if (!consent?.bankConsent || consent.redirectUrl === null) return unknownLink();
    const decided = await authorization.check(consent, returned);
    return { status: 303, location: redirectTarget(decided) };
  };
