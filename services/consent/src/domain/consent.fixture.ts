import type { Consent } from './consent';

/** The tests' clock start. */
export const t0 = new Date('2026-11-21T10:00:00.000Z');

/** A consent just created, waiting for its user's decision (tests). */
export const initializedConsent = (overrides: Partial<Consent> = {}): Consent => ({
  id: 'c1',
  ownerClientId: 'app',
  providerKey: 'sandbox-retail',
  countryCode: 'NL',
  userId: null,
  externalUserId: 'u1',
  redirectUrl: 'https://example.com',
  syncMode: null,
  status: 'Initialized',
  dateRequested: t0,
  dateStatusUpdated: t0,
  dateExpire: new Date(t0.getTime() + 180 * 86_400_000),
  dateTransactionsUpdated: null,
  errors: [],
  consecutiveFailures: 0,
  authorizationState: 's',
  fetch: null,
  accountIds: [],
  transactionEventKeys: [],
  ...overrides,
});
