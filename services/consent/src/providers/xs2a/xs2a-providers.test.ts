import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { xs2aProviderConfigSchema } from '@obp/contracts';
import { connectDatabase, database, type Connection } from '@obp/db';
import { createLogger } from '@obp/telemetry';
import { testEnv, uniqueDbName } from '@obp/testkit';
import { createCertificateAuthority, issueCertificate } from '@obp/xs2a/src/simulator';
import { ProviderRegistry } from '../provider-registry';
import { Xs2aProviderRepository } from './xs2a-provider.repository';
import { Xs2aProviderCatalogue, xs2aProviderOf, type Xs2aProviderConfigError, type SecretFiles } from './xs2a-providers';

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

  describe('banks an operator added, on two instances (real store)', () => {
    let connection: Connection;
    const logger = createLogger('test', 'silent');
    const catalogues: Xs2aProviderCatalogue[] = [];
    const instance = (repository: Xs2aProviderRepository) => {
      const registry = new ProviderRegistry([]);
      const catalogue = new Xs2aProviderCatalogue(registry, repository, logger, secrets);
      catalogues.push(catalogue);
      return { registry, catalogue };
    };
    const bank = (name: string) => ({ ...configWith({ clientCertificate: client.cert, clientKey: join(secrets, 'key.pem') }), name });

    beforeAll(async () => {
      connection = await connectDatabase(testEnv().mongoUri, uniqueDbName('xs2a-banks'));
    });
    afterAll(async () => {
      for (const catalogue of catalogues) catalogue.close();
      await database(connection).dropDatabase();
      await connection.close();
    });

    it('an instance that missed a removal and an add between its reloads offers the bank as added again', async () => {
      const a = instance(new Xs2aProviderRepository(connection));
      const b = instance(new Xs2aProviderRepository(connection));
      expect(await a.catalogue.add(bank('First'))).toMatchObject({ added: true });
      await b.catalogue.reload();
      expect(b.registry.find('file-bank')?.info.name).toBe('First');
      expect(await a.catalogue.remove('file-bank')).toEqual({ ok: true, value: null });
      expect(await a.catalogue.add(bank('Second'))).toMatchObject({ added: true });
      await b.catalogue.reload();
      expect(b.registry.find('file-bank')?.info.name).toBe('Second');
      await a.catalogue.remove('file-bank');
    });

    it('a reload that read the list before a change on the same instance does not undo it', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let slow = false;
      class SlowList extends Xs2aProviderRepository {
        override async list() {
          const listed = await super.list();
          if (slow) await gate;
          return listed;
        }
      }
      const a = instance(new SlowList(connection));
      await a.catalogue.add(bank('Before'));
      slow = true;
      const reloading = a.catalogue.reload();
      const updating = a.catalogue.update(bank('After'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await Promise.all([reloading, updating]);
      expect(await updating).toMatchObject({ ok: true });
      expect(a.registry.find('file-bank')?.info.name).toBe('After');
    });
  });
});
