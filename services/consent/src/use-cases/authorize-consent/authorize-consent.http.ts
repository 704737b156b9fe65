import type { sandboxRoutes } from '@obp/contracts';
import type { RouteHandler } from '@obp/http';
import type { Consent } from '../../domain/consent';
import type { ProviderRegistry } from '../../providers/provider-registry';
import { pageHeaders, renderAuthorizePage, renderMessagePage } from './authorize-consent.page';
import type { AuthorizeConsentService } from './authorize-consent.service';

const unknownLink = () => ({ status: 404 as const, html: renderMessagePage('Link not valid', 'This consent link is unknown, expired or was already used.'), headers: pageHeaders() });

const sandboxBank = (providers: ProviderRegistry, key: string) => {
  const provider = providers.bank(key);
  return provider?.bankConsent ? undefined : provider;
};

/** Back to the app: `redirectUrl` with the consent id and its status appended. */
export function redirectTarget(consent: Consent): string {
  const url = new URL(consent.redirectUrl!);
  url.searchParams.set('consentId', consent.id);
  url.searchParams.set('status', consent.status);
  return url.toString();
}

/** GET /sandbox/{providerKey}/authorize: the page where the user approves or declines. */
export const authorizePageHttp =
  (service: AuthorizeConsentService, providers: ProviderRegistry): RouteHandler<typeof sandboxRoutes.showAuthorizationPage> =>
  async ({ params, query, req }) => {
    // A bank that keeps its own consent (XS2A) is authorised at the bank only, never on this page.
    const provider = sandboxBank(providers, params.providerKey);
    const state = query.state ?? '';
    const consent = provider ? await service.lookup(provider.info.key, query.consentId ?? '', state) : null;
    if (!provider || !consent) return unknownLink();
    if (consent.status !== 'Initialized') return { status: 303, location: redirectTarget(consent) };
    return { status: 200, html: renderAuthorizePage(consent, provider.info.name, req.originalUrl.split('?')[0]!, state), headers: pageHeaders() };
  };

/** POST /sandbox/{providerKey}/authorize (form): records the decision and sends the user back to the app. */
export const authorizeDecisionHttp =
  (service: AuthorizeConsentService, providers: ProviderRegistry): RouteHandler<typeof sandboxRoutes.decideAuthorization> =>
  async ({ params, body }) => {
    const provider = sandboxBank(providers, params.providerKey);
    if (!provider) return unknownLink();
    const outcome = await service.decide(provider.info.key, body.consentId ?? '', body.state ?? '', body.decision);
    if (outcome.kind === 'unknown') return unknownLink();
    return { status: 303, location: redirectTarget(outcome.consent) };
  };
