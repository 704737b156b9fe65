import { xs2aProviderConfigSchema } from '@obp/contracts';
import { generateSandboxData } from '@obp/sandbox-bank';
import { Xs2aBankError, Xs2aInvalidAnswer, Xs2aUnreachable } from '@obp/xs2a';
import { startXs2aSimulator, type RunningXs2aSimulator } from '@obp/xs2a/src/simulator';
import { httpsCall } from '@obp/xs2a/src/simulator/xs2a-client.fixture';
import { ProviderError, type HistoryGap, type ProviderSession } from '../bank-provider';
import { nextBankDay, providerErrorOf, REFRESH_MARGIN_DAYS, Xs2aProvider } from './xs2a-provider';

const now = new Date('2026-11-29T21:40:00.000Z');
const bank = (status: number, ...codes: string[]) => new Xs2aBankError(status, codes, 'GET /v1/accounts', 'text');

describe('a bank failure as the consent records it', () => {
  it('ends the consent on CONSENT_EXPIRED, CONSENT_INVALID and CONSENT_UNKNOWN', () => {
    for (const code of ['CONSENT_EXPIRED', 'CONSENT_INVALID', 'CONSENT_UNKNOWN']) {
      const error = providerErrorOf(bank(401, code), now) as ProviderError;
      expect(error).toBeInstanceOf(ProviderError);
      expect(error.code).toBe(code);
      expect(error.outcome).toEqual({ endsConsent: true });
    }
  });

  it('waits for the bank’s next day on ACCESS_EXCEEDED', () => {
    const error = providerErrorOf(bank(429, 'ACCESS_EXCEEDED'), now) as ProviderError;
    expect(error.code).toBe('ACCESS_EXCEEDED');
    expect(error.outcome.retryAt?.toISOString()).toBe('2026-11-30T01:00:00.000Z');
    expect(nextBankDay(new Date('2026-11-30T00:00:00.000Z')).toISOString()).toBe('2026-12-01T01:00:00.000Z');
  });

  it('retries the rest with the fetch back-off, under the bank’s code or ours', () => {
    expect(providerErrorOf(bank(400, 'TIMESTAMP_INVALID'), now)).toMatchObject({ code: 'TIMESTAMP_INVALID', outcome: {} });
    expect(providerErrorOf(bank(503), now)).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', outcome: {} });
    expect(providerErrorOf(new Xs2aInvalidAnswer('GET /v1/accounts', 'body/accounts/0/currency: is required'), now)).toMatchObject({ code: 'PROVIDER_INVALID_ANSWER' });
    const timeout = new Error('timed out');
    timeout.name = 'TimeoutError';
    expect(providerErrorOf(new Xs2aUnreachable('GET /v1/accounts', timeout), now)).toMatchObject({ code: 'PROVIDER_TIMEOUT' });
    expect(providerErrorOf(new Xs2aUnreachable('GET /v1/accounts', new Error('ECONNREFUSED')), now)).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
  });
});

describe('an XS2A provider against the simulated bank', () => {
  let sim: RunningXs2aSimulator;
  let provider: Xs2aProvider;
  const DAY = 86_400_000;

  beforeAll(async () => {
    sim = await startXs2aSimulator({ pageSize: 30 });
    const config = xs2aProviderConfigSchema.parse({
      kind: 'xs2a',
      providerKey: 'sim',
      name: 'Simulated bank',
      country: 'NL',
      baseUrl: sim.apiUrl,
      scaApproaches: ['redirect'],
      tls: { clientCertificate: sim.pki.client.cert, clientKey: sim.pki.client.key, caBundle: sim.pki.ca.cert },
      historyDays: 120,
    });
    provider = new Xs2aProvider(config, { tls: { certificate: sim.pki.client.cert, key: sim.pki.client.key, caBundle: sim.pki.ca.cert } });
  });

  afterAll(async () => {
    provider.close();
    await sim.close();
  });

  it('asks historyDays back on the first fetch, and from the last fetch minus the margin on a refresh', async () => {
    const made = await provider.bankConsent.create(
      { consentId: 'c1', state: 's1', publicBaseUrl: 'https://api.example.test', validUntil: new Date(Date.now() + 90 * DAY), psuIpAddress: '198.51.100.4', psuId: null },
      AbortSignal.timeout(10_000),
    );
    expect(made).toMatchObject({ approach: 'redirect', consentUrl: expect.stringContaining('/sca/') });
    expect(await provider.bankConsent.state(made.id, made.scaStatusLink, AbortSignal.timeout(10_000))).toBe('pending');
    const back = await httpsCall(made.consentUrl!, { method: 'POST', ca: sim.pki.ca.cert, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'psuId=psu-window&decision=approve' });
    const callback = new URL(String(back.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe('https://api.example.test/xs2a/sim/callback');
    expect(Object.fromEntries(callback.searchParams)).toEqual({ consentId: 'c1', state: 's1', result: 'ok' });
    expect(await provider.bankConsent.state(made.id, made.scaStatusLink, AbortSignal.timeout(10_000))).toBe('valid');

    const session: ProviderSession = { consentId: 'c1', subject: 'c1', bankConsentId: made.id };
    const [current] = (await provider.listAccounts(session, AbortSignal.timeout(10_000))).filter((a) => a.type === 'Current');
    const asOf = new Date();
    const household = generateSandboxData({ seed: 'sandbox-xs2a:psu-window', profile: 'retail', asOf: new Date(`${sim.bank.today()}T23:59:59.999Z`), months: 14 });
    const bookedFrom = (from: Date) => household.transactions.filter((t) => t.accountExternalId === current!.externalId && t.bookingDate.slice(0, 10) >= from.toISOString().slice(0, 10));

    const first = await provider.listTransactions(session, current!, asOf, AbortSignal.timeout(10_000));
    expect(first.map((t) => t.externalId).sort()).toEqual(bookedFrom(new Date(asOf.getTime() - 120 * DAY)).map((t) => `id:${t.externalId}`).sort());
    const lastFetchedAt = new Date(asOf.getTime() - 20 * DAY);
    const refresh = await provider.listTransactions({ ...session, lastFetchedAt }, current!, asOf, AbortSignal.timeout(10_000));
    expect(refresh.length).toBeLessThan(first.length);
    expect(refresh.map((t) => t.externalId).sort()).toEqual(bookedFrom(new Date(lastFetchedAt.getTime() - REFRESH_MARGIN_DAYS * DAY)).map((t) => `id:${t.externalId}`).sort());
    expect(refresh.every((t) => t.accountExternalId === current!.externalId)).toBe(true);

    await provider.bankConsent.remove(made.id, AbortSignal.timeout(10_000));
    // Deleting one the bank no longer knows (erased twice, or gone at the bank) is done already.
    await provider.bankConsent.remove('unknown-consent', AbortSignal.timeout(10_000));
    expect(await provider.bankConsent.state(made.id, made.scaStatusLink, AbortSignal.timeout(10_000))).toBe('ended');
    // Ended at the bank (deleted before, or expired): the bank will not delete it, and it is gone.
    await provider.bankConsent.remove(made.id, AbortSignal.timeout(10_000));
    const expiring = await provider.bankConsent.create(
      { consentId: 'c2', state: 's2', publicBaseUrl: 'https://api.example.test', validUntil: new Date(Date.now() + 90 * DAY), psuIpAddress: '198.51.100.4', psuId: null },
      AbortSignal.timeout(10_000),
    );
    sim.bank.expire(sim.bank.consentForPsu(expiring.id)!);
    await provider.bankConsent.remove(expiring.id, AbortSignal.timeout(10_000));
  });

  it('asks a refresh that reaches further back than the bank serves without the user again from 89 days, and tells of the days it could not read', async () => {
    const limited = await startXs2aSimulator({ unattendedHistoryDays: 90, pki: sim.pki });
    const config = xs2aProviderConfigSchema.parse({ kind: 'xs2a', providerKey: 'limited', name: 'Limited bank', country: 'NL', baseUrl: limited.apiUrl, scaApproaches: ['redirect'], tls: { clientCertificate: sim.pki.client.cert, clientKey: sim.pki.client.key, caBundle: sim.pki.ca.cert }, historyDays: 120 });
    const bank = new Xs2aProvider(config, { tls: { certificate: sim.pki.client.cert, key: sim.pki.client.key, caBundle: sim.pki.ca.cert } });
    try {
      const made = await bank.bankConsent.create({ consentId: 'c3', state: 's3', publicBaseUrl: 'https://api.example.test', validUntil: new Date(Date.now() + 90 * DAY), psuIpAddress: '198.51.100.4', psuId: null }, AbortSignal.timeout(10_000));
      const atBank = limited.bank.consentForPsu(made.id)!;
      limited.bank.decide(atBank, atBank.authorisation.id, 'approve', 'psu-gap');
      const gaps: HistoryGap[] = [];
      const session: ProviderSession = { consentId: 'c3', subject: 'c3', bankConsentId: made.id, onHistoryGap: (gap) => gaps.push(gap) };
      const [account] = await bank.listAccounts(session, AbortSignal.timeout(10_000));
      const asOf = new Date();
      const day = (daysBack: number) => new Date(asOf.getTime() - daysBack * DAY).toISOString().slice(0, 10);
      const household = generateSandboxData({ seed: 'sandbox-xs2a:psu-gap', profile: 'retail', asOf: new Date(`${limited.bank.today()}T23:59:59.999Z`), months: 14 });
      const bookedFrom = (from: string) => household.transactions.filter((t) => t.accountExternalId === account!.externalId && t.bookingDate.slice(0, 10) >= from).map((t) => `id:${t.externalId}`).sort();

      // The first fetch only gets less history than historyDays: nothing held is left out.
      expect((await bank.listTransactions(session, account!, asOf, AbortSignal.timeout(10_000))).map((t) => t.externalId).sort()).toEqual(bookedFrom(day(89)));
      expect(gaps).toEqual([]);
      // A refresh 120 days after the last fetch (a consent re-authorised long after it ended).
      const refresh = await bank.listTransactions({ ...session, lastFetchedAt: new Date(asOf.getTime() - 120 * DAY) }, account!, asOf, AbortSignal.timeout(10_000));
      expect(refresh.map((t) => t.externalId).sort()).toEqual(bookedFrom(day(89)));
      expect(gaps).toEqual([{ accountExternalId: account!.externalId, from: day(120 + REFRESH_MARGIN_DAYS), to: day(90), reason: expect.stringContaining('PERIOD_INVALID') }]);
    } finally {
      bank.close();
      await limited.close();
    }
  });
});
