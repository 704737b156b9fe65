import { initializedConsent } from '../../domain/consent.fixture';
import type { ConsentEvents } from '../../infrastructure/consent-events';
import type { ConsentRepository } from '../../infrastructure/consent.repository';
import { ProviderError, type BankProvider } from '../../providers/bank-provider';
import { ProviderRegistry } from '../../providers/provider-registry';
import { ReauthoriseConsentService } from '../reauthorise-consent/reauthorise-consent.service';
import { CreateConsentService } from './create-consent.service';

describe('a bank this instance cannot read, as apps are told of it', () => {
  const registry = new ProviderRegistry([]);
  registry.markUnavailable('far-bank', 'tls.clientKey: This key cannot be used: the file /run/secrets/far/key.pem cannot be read (EACCES).');
  const consents = { find: async () => initializedConsent({ id: 'c1', providerKey: 'far-bank', status: 'Updated' }) } as unknown as ConsentRepository;
  const caller = { clientId: 'app', directProviderFlow: true, redirectUrls: ['https://example.com'] };

  it('is temporarily unavailable (503) when a consent is asked for or re-authorised: no setting, file or errno', async () => {
    const created = await new CreateConsentService(consents, registry, {} as ConsentEvents, { publicBaseUrl: 'http://x', validityDays: 90 }).execute('c2', caller, {
      providerKey: 'far-bank',
      countryCode: 'NL',
      redirectUrl: 'https://example.com',
      syncMode: 'Manual',
      psuIpAddress: '192.0.2.1',
    } as never);
    const reauthorised = await new ReauthoriseConsentService(consents, registry, { publicBaseUrl: 'http://x', authorizationTimeoutMs: 60_000 }).execute('c1', 'app', { psuIpAddress: '192.0.2.1' } as never);
    for (const result of [created, reauthorised]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'PROVIDER_UNAVAILABLE', message: "The provider 'far-bank' is temporarily unavailable; try again later." } });
    }
  });
});

describe('a bank whose approach needs the user\'s psuId, asked without one', () => {
  const bank = {
    kind: 'bank',
    info: { key: 'app-only-bank', name: 'App-only bank', countryCodes: ['NL'] },
    bankConsent: {
      create: async () => {
        throw new ProviderError('PSU_ID_REQUIRED', 'App-only bank authorises only in its own app (decoupled): the psuId field is required.');
      },
      readsPerDay: 4,
      validityDays: 90,
    },
  } as unknown as BankProvider;
  const registry = new ProviderRegistry([bank]);
  const consent = { ...initializedConsent({ id: 'c1', providerKey: 'app-only-bank', status: 'Updated' }), bankConsent: { id: 'b1', approach: 'decoupled' as const, consentUrl: null, scaStatusLink: null } };
  const consents = { find: async () => consent, insertIfAbsent: async () => true } as unknown as ConsentRepository;
  const events = { created: () => ({}) } as unknown as ConsentEvents;

  it('is a 400 naming psuId (the app\'s request to fix), not the bank\'s refusal, on creation and on re-authorisation', async () => {
    const created = await new CreateConsentService(consents, registry, events, { publicBaseUrl: 'http://x', validityDays: 90 }).execute('c2', { clientId: 'app', directProviderFlow: true, redirectUrls: ['https://example.com'] }, {
      providerKey: 'app-only-bank',
      countryCode: 'NL',
      redirectUrl: 'https://example.com',
      syncMode: 'Manual',
      psuIpAddress: '192.0.2.1',
    } as never);
    const reauthorised = await new ReauthoriseConsentService(consents, registry, { publicBaseUrl: 'http://x', authorizationTimeoutMs: 60_000 }).execute('c1', 'app', { psuIpAddress: '192.0.2.1' } as never);
    for (const result of [created, reauthorised]) {
      expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', errors: { psuId: [expect.stringContaining('psuId field is required')] } } });
    }
  });
});

describe('re-authorising a consent at a bank an operator removed', () => {
  it('is a 409 saying the bank was removed', async () => {
    const consent = { ...initializedConsent({ id: 'c1', providerKey: 'removed-bank', status: 'Updated' }), bankConsent: { id: 'b1', approach: 'redirect' as const, consentUrl: null, scaStatusLink: null } };
    const consents = { find: async () => consent } as unknown as ConsentRepository;
    const result = await new ReauthoriseConsentService(consents, new ProviderRegistry([]), { publicBaseUrl: 'http://x', authorizationTimeoutMs: 60_000 }).execute('c1', 'app', { psuIpAddress: '192.0.2.1' } as never);
    expect(result).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringContaining("The bank 'removed-bank' is not offered any more (an operator removed it)") } });
  });
});
