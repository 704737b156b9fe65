import { Xs2aBankError, Xs2aInvalidAnswer, Xs2aUnreachable } from '@obp/xs2a';
import { ProviderError } from '../bank-provider';
import { nextBankDay, providerErrorOf } from './xs2a-provider';

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
