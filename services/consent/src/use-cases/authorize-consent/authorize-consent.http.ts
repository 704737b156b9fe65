import type { RequestHandler } from 'express';
import { readQuery } from '@obp/http';
import type { Consent } from '../../domain/consent';
import type { ProviderRegistry } from '../../providers/provider-registry';
import { renderAuthorizePage, renderMessagePage } from './authorize-consent.page';
import type { AuthorizeConsentService, Decision } from './authorize-consent.service';

const unknownLink = (res: Parameters<RequestHandler>[1]) =>
  res.status(404).type('html').send(renderMessagePage('Link not valid', 'This consent link is unknown, expired or was already used.'));

/** Back to the app: `redirectUrl` with the consent id and its status appended. */
export function redirectTarget(consent: Consent): string {
  const url = new URL(consent.redirectUrl);
  url.searchParams.set('consentId', consent.id);
  url.searchParams.set('status', consent.status);
  return url.toString();
}

/** GET /sandbox/{providerKey}/authorize: the page where the user approves or declines. */
export const authorizePageHttp = (service: AuthorizeConsentService, providers: ProviderRegistry): RequestHandler => async (req, res) => {
  const query = req.query as Record<string, unknown>;
  const provider = providers.find(String(req.params.providerKey));
  const consentId = readQuery(query, 'consentId') ?? '';
  const state = readQuery(query, 'state') ?? '';
  const consent = provider ? await service.lookup(provider.info.key, consentId, state) : null;
  if (!provider || !consent) return unknownLink(res);
  if (consent.status !== 'Initialized') return res.redirect(303, redirectTarget(consent));
  res.set('Cache-Control', 'no-store').type('html').send(renderAuthorizePage(consent, provider.info.name, req.originalUrl.split('?')[0]!, state));
};

/** POST /sandbox/{providerKey}/authorize (form): records the decision and sends the user back to the app. */
export const authorizeDecisionHttp = (service: AuthorizeConsentService, providers: ProviderRegistry): RequestHandler => async (req, res) => {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const provider = providers.find(String(req.params.providerKey));
  const decision = body.decision === 'approve' || body.decision === 'decline' ? (body.decision as Decision) : undefined;
  if (!decision) return res.status(400).type('html').send(renderMessagePage('Choose an option', 'Please approve or decline.'));
  if (!provider) return unknownLink(res);
  const outcome = await service.decide(provider.info.key, String(body.consentId ?? ''), String(body.state ?? ''), decision);
  if (outcome.kind === 'unknown') return unknownLink(res);
  res.redirect(303, redirectTarget(outcome.consent));
};
