import { fieldName } from './schema/fields';
import { xs2aProviderBodySchema, xs2aProviderConfigSchema } from './bank-providers';

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
  it('takes private keys as PEM in the file, only as file paths through the admin API (never kept in the database)', () => {
    const signing = { certificate: '-----BEGIN CERTIFICATE-----\n...', key: '-----BEGIN PRIVATE KEY-----\n...' };
    expect(xs2aProviderConfigSchema.safeParse({ ...bank, signing }).success).toBe(true);
    const refused = xs2aProviderBodySchema.safeParse({ ...bank, signing });
    expect(refused.success ? [] : refused.error.issues.map((i) => fieldName(i.path)).sort()).toEqual(['signing.key', 'tls.clientKey']);
    const paths = { ...bank, tls: { ...bank.tls, clientKey: '/secrets/qwac-key.pem' }, signing: { ...signing, key: '/secrets/qseal-key.pem' } };
    expect(xs2aProviderBodySchema.parse(paths).tls.clientKey).toBe('/secrets/qwac-key.pem');
  });

  it('takes the defaults PSD2 suggests: 4 reads a day, 180 days, 90 days of history, all payment accounts', () => {
    expect(xs2aProviderConfigSchema.parse(bank)).toMatchObject({ country: 'NL', frequencyPerDay: 4, consentValidityDays: 180, historyDays: 90, consentAccess: 'allPsd2', requestTimeoutMs: 20_000 });
  });

  it('takes an https address by host name or IPv4 address, with a port up to 65535 and a path, and no other', () => {
    const accepted = (baseUrl: string) => xs2aProviderConfigSchema.safeParse({ ...bank, baseUrl }).success;
    expect(['https://xs2a.bank.example', 'https://localhost:8443/psd2/', 'https://127.0.0.1:65535', 'https://10.0.0.1/v'].map(accepted)).toEqual([true, true, true, true]);
    expect(['http://xs2a.bank.example', 'https://bank.example?x=1', 'https://1.2.3.256', 'https://bank.example:65536', 'https://', 'https://a b'].map(accepted)).toEqual([false, false, false, false, false, false]);
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
