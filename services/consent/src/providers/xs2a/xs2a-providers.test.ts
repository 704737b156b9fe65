import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { xs2aProviderConfigSchema } from '@obp/contracts';
import { createCertificateAuthority, issueCertificate } from '@obp/xs2a/src/simulator';
import { xs2aProviderOf, type Xs2aProviderConfigError, type SecretFiles } from './xs2a-providers';

describe('the certificate and key files of an XS2A bank', () => {
  const ca = createCertificateAuthority('Test CA');
  const client = issueCertificate(ca, { commonName: 'tpp' });
  const other = issueCertificate(ca, { commonName: 'someone else' });
  let secrets: string;
  let outside: string;
  const configWith = (tls: Record<string, string>) =>
    xs2aProviderConfigSchema.parse({ kind: 'xs2a', providerKey: 'file-bank', name: 'File bank', country: 'NL', baseUrl: 'https://bank.example.test', scaApproaches: ['redirect'], tls });
  /** The setting named and the message, or 'ok'. */
  const outcome = (tls: Record<string, string>, files: SecretFiles = { under: secrets }): { field: string; message: string } | 'ok' => {
    try {
      xs2aProviderOf(configWith(tls), files).close();
      return 'ok';
    } catch (error) {
      return { field: (error as Xs2aProviderConfigError).field, message: (error as Error).message };
    }
  };

  beforeAll(() => {
    secrets = mkdtempSync(join(tmpdir(), 'xs2a-secrets-'));
    outside = mkdtempSync(join(tmpdir(), 'xs2a-elsewhere-'));
    writeFileSync(join(secrets, 'key.pem'), client.key, { mode: 0o600 });
    writeFileSync(join(secrets, 'other-key.pem'), other.key, { mode: 0o600 });
    writeFileSync(join(secrets, 'huge.pem'), client.key + 'x'.repeat(70_000));
    writeFileSync(join(outside, 'key.pem'), client.key, { mode: 0o600 });
    symlinkSync(join(outside, 'key.pem'), join(secrets, 'link-out.pem'));
    execFileSync('mkfifo', [join(secrets, 'fifo.pem')]);
  });
  afterAll(() => {
    rmSync(secrets, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('reads a key file under XS2A_SECRETS_DIR that belongs to the certificate', () => {
    expect(outcome({ clientCertificate: client.cert, clientKey: join(secrets, 'key.pem') })).toBe('ok');
  });

  it('refuses, naming the field, a key outside the folder (also through a link), a FIFO or a device (without blocking), an oversized file, and a missing one without the system error', () => {
    const cert = client.cert;
    expect(outcome({ clientCertificate: cert, clientKey: join(outside, 'key.pem') })).toEqual({ field: 'tls.clientKey', message: expect.stringContaining('is not under XS2A_SECRETS_DIR') });
    expect(outcome({ clientCertificate: cert, clientKey: join(secrets, 'link-out.pem') })).toEqual({ field: 'tls.clientKey', message: expect.stringContaining('is not under XS2A_SECRETS_DIR') });
    expect(outcome({ clientCertificate: cert, clientKey: join(secrets, 'fifo.pem') })).toEqual({ field: 'tls.clientKey', message: expect.stringContaining('is not a regular file') });
    expect(outcome({ clientCertificate: cert, clientKey: '/dev/zero' }, { anywhere: true })).toEqual({ field: 'tls.clientKey', message: expect.stringContaining('is not a regular file') });
    expect(outcome({ clientCertificate: cert, clientKey: '/dev/stdin' }, { anywhere: true })).toMatchObject({ field: 'tls.clientKey' });
    expect(outcome({ clientCertificate: cert, clientKey: join(secrets, 'huge.pem') })).toEqual({ field: 'tls.clientKey', message: expect.stringContaining('is over 64 KB') });
    const missing = outcome({ clientCertificate: cert, clientKey: join(secrets, 'missing.pem') });
    expect(missing).toEqual({ field: 'tls.clientKey', message: `tls.clientKey: This key cannot be used: the file ${join(secrets, 'missing.pem')} cannot be read.` });
    expect(outcome({ clientCertificate: cert, clientKey: join(secrets, 'key.pem') }, { under: undefined })).toEqual({ field: 'tls.clientKey', message: expect.stringContaining('XS2A_SECRETS_DIR is not set') });
  });

  it('refuses a key that is not the certificate\'s, naming the key', () => {
    expect(outcome({ clientCertificate: client.cert, clientKey: join(secrets, 'other-key.pem') })).toEqual({ field: 'tls.clientKey', message: expect.stringContaining('is not the private key of tls.clientCertificate') });
  });
});
