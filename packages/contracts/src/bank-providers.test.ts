import { fieldName } from './schema/fields';
import { xs2aProviderConfigSchema } from './bank-providers';

const bank = {
  kind: 'xs2a',
  providerKey: 'bank-nl',
  name: 'Bank NL',
  country: 'nl',
  baseUrl: 'https://xs2a.bank.example/psd2',
  scaApproaches: ['redirect'],
  tls: { clientCertificate: '/secrets/qwac.pem', clientKey: '-----BEGIN PRIVATE KEY-----\n...' },
};

const problems = (input: unknown) => {
  const result = xs2aProviderConfigSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [fieldName(i.path), i.message]));
};

describe('an XS2A bank as an operator configures it', () => {
  it('takes the defaults PSD2 suggests: 4 reads a day, 180 days, 90 days of history, all payment accounts', () => {
    expect(xs2aProviderConfigSchema.parse(bank)).toMatchObject({ country: 'NL', frequencyPerDay: 4, consentValidityDays: 180, historyDays: 90, consentAccess: 'allPsd2', requestTimeoutMs: 20_000 });
  });

  it('names each setting it cannot use', () => {
    expect(problems({ ...bank, consentValidityDays: 181, frequencyPerDay: 0, baseUrl: 'http://xs2a.bank.example', scaApproaches: ['embedded'], providerKey: 'Bank NL' })).toEqual({
      consentValidityDays: 'The consentValidityDays must be a whole number from 1 to 180.',
      frequencyPerDay: 'The frequencyPerDay must be a whole number from 1 to 100.',
      baseUrl: 'The baseUrl must be the bank’s https XS2A address, up to where /v1/... begins.',
      'scaApproaches[0]': 'Each SCA approach must be redirect or decoupled.',
      providerKey: 'The providerKey must be 2-64 lowercase letters, digits or dashes, starting with a letter or digit.',
    });
    expect(problems({ ...bank, tls: { clientCertificate: 'qwac.pem', clientKey: bank.tls.clientKey } })).toEqual({
      'tls.clientCertificate': 'The tls.clientCertificate must be PEM text (-----BEGIN ...) or the absolute path of a file holding it.',
    });
    expect(Object.keys(problems({ ...bank, kind: 'sandbox', tlsKey: 'x' }))).toEqual(['kind', '$']);
  });
});
