import type { Consent } from '../../domain/consent';
import type { BankProvider } from '../bank-provider';
import { ProviderRegistry } from '../provider-registry';
import { pollDelayMs, refreshLimitOf } from './bank-consent';

const bankWith = (key: string, readsPerDay?: number): BankProvider =>
  ({ kind: 'bank', info: { key, name: key, countryCodes: ['NL'], description: '' }, ...(readsPerDay ? { bankConsent: { readsPerDay } } : {}) }) as unknown as BankProvider;

describe('refreshes of a consent at a bank that limits unattended reads', () => {
  const registry = new ProviderRegistry([bankWith('sandbox-retail'), bankWith('xs2a-4', 4), bankWith('xs2a-2', 2), bankWith('xs2a-1', 1), bankWith('xs2a-24', 24)]);
  const limit = refreshLimitOf(registry, 6);
  const of = (providerKey: string) => limit({ providerKey } as Consent);

  it('keeps one of the bank’s reads a day for the first fetch or the daily sync, within the platform’s limit', () => {
    expect(of('sandbox-retail')).toBe(6);
    expect(of('xs2a-4')).toBe(3);
    expect(of('xs2a-2')).toBe(1);
    expect(of('xs2a-1')).toBe(1);
    expect(of('xs2a-24')).toBe(6);
  });
});

describe('polling the bank for an authorisation', () => {
  it('asks often for the decoupled approach, rarely for a redirect whose callback did not come', () => {
    expect([0, 1, 2, 5, 10].map((n) => pollDelayMs('decoupled', n))).toEqual([2_000, 4_000, 8_000, 60_000, 60_000]);
    expect([0, 1, 2].map((n) => pollDelayMs('redirect', n))).toEqual([300_000, 600_000, 900_000]);
  });
});
