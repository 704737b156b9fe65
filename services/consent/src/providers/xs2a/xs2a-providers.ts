import { createPrivateKey, X509Certificate } from 'node:crypto';
import { closeSync, constants as fsConstants, fstatSync, openSync, readFileSync, realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { fieldName, xs2aProviderConfigSchema, type Xs2aProviderConfig } from '@obp/contracts';
import { metrics } from '@opentelemetry/api';
import type { Logger } from '@obp/telemetry';
import type { ProviderRegistry } from '../provider-registry';
import { Xs2aProvider } from './xs2a-provider';
import type { Xs2aProviderRepository } from './xs2a-provider.repository';

/** A provider configuration that cannot be used: `field` names the setting (`providers[1].tls.clientKey`). */
export class Xs2aProviderConfigError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'Xs2aProviderConfigError';
  }
}

/**
 * The file `XS2A_PROVIDERS_FILE` names: JSON, `{ "providers": [ <provider>, ... ] }` (docs/providers.md). Each provider is
 * checked as `POST /admin/providers` checks its body; the first problem stops the start, naming the setting.
 */
export function readXs2aProvidersFile(path: string): Xs2aProviderConfig[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Xs2aProviderConfigError('XS2A_PROVIDERS_FILE', `${path} cannot be read as JSON: ${(error as Error).message}`);
  }
  const list = (parsed as { providers?: unknown } | null)?.providers;
  if (!Array.isArray(list)) throw new Xs2aProviderConfigError('XS2A_PROVIDERS_FILE', `${path} must hold { "providers": [ ... ] }`);
  const configs = list.map((entry, i) => {
    const result = xs2aProviderConfigSchema.safeParse(entry);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw new Xs2aProviderConfigError(`providers[${i}]${issue.path.length > 0 ? `.${fieldName(issue.path)}` : ''}`, issue.message);
    }
    return result.data;
  });
  const keys = configs.map((c) => c.providerKey);
  const repeated = keys.find((k, i) => keys.indexOf(k) !== i);
  if (repeated) throw new Xs2aProviderConfigError('XS2A_PROVIDERS_FILE', `the providerKey ${repeated} is given twice`);
  return configs;
}

/** The largest certificate, key or CA bundle file read: PEM files are a few kilobytes. */
const MAX_SECRET_FILE_BYTES = 65_536;

/**
 * Where secret files may be: `secretsDir` (XS2A_SECRETS_DIR) for banks an operator adds through the API, whose paths
 * come over HTTP; anywhere for the configuration file, which only someone with the host's files writes.
 */
export type SecretFiles = { under: string | undefined } | { anywhere: true };

const realRoot = (dir: string): string => {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
};

/**
 * A regular file of at most 64 KB, read without blocking: opened non-blocking and checked on the opened descriptor, so
 * a FIFO, a device (/dev/stdin, /dev/zero) or a swapped-in file is refused rather than read. Under `files.under`
 * unless `anywhere`, after resolving links. Missing and unreadable give one message, without the system's error.
 */
function readSecretFile(path: string, field: string, kind: string, files: SecretFiles): string {
  const unreadable = () => new Xs2aProviderConfigError(field, `This ${kind} cannot be used: the file ${path} cannot be read.`);
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    throw unreadable();
  }
  if (!('anywhere' in files)) {
    if (!files.under) throw new Xs2aProviderConfigError(field, `This ${kind} cannot be used: XS2A_SECRETS_DIR is not set, so the consent service reads no files for banks added through the API.`);
    const root = realRoot(files.under);
    if (!real.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)) throw new Xs2aProviderConfigError(field, `This ${kind} cannot be used: the file ${path} is not under XS2A_SECRETS_DIR (${root}).`);
  }
  let fd: number;
  try {
    fd = openSync(real, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK | fsConstants.O_NOFOLLOW);
  } catch {
    throw unreadable();
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Xs2aProviderConfigError(field, `This ${kind} cannot be used: ${path} is not a regular file.`);
    if (stat.size > MAX_SECRET_FILE_BYTES) throw new Xs2aProviderConfigError(field, `This ${kind} cannot be used: the file ${path} is over ${MAX_SECRET_FILE_BYTES / 1024} KB.`);
    try {
      return readFileSync(fd, 'utf8');
    } catch {
      throw unreadable();
    }
  } finally {
    closeSync(fd);
  }
}

/** A certificate or key as configured (PEM text, or the absolute path of a file holding it), checked to be one. */
function secret(value: string, field: string, kind: 'certificate' | 'key' | 'certificates', files: SecretFiles): string {
  const pem = value.startsWith('-----BEGIN ') ? value : readSecretFile(value, field, kind, files);
  try {
    if (kind === 'key') createPrivateKey(pem);
    else new X509Certificate(pem);
  } catch {
    throw new Xs2aProviderConfigError(field, `This ${kind} cannot be used: it is not a PEM ${kind === 'key' ? 'private key' : 'X.509 certificate'}.`);
  }
  return pem;
}

/** The certificate and the private key of a pair, read and checked to belong together. */
function keyPair(certificate: { value: string; field: string }, key: { value: string; field: string }, files: SecretFiles): { certificate: string; key: string } {
  const pair = { certificate: secret(certificate.value, certificate.field, 'certificate', files), key: secret(key.value, key.field, 'key', files) };
  if (!new X509Certificate(pair.certificate).checkPrivateKey(createPrivateKey(pair.key))) {
    throw new Xs2aProviderConfigError(key.field, `This key cannot be used: it is not the private key of ${certificate.field}.`);
  }
  return pair;
}

/** The provider for a configuration, its certificates and keys read (files only where `files` allows). */
export function xs2aProviderOf(config: Xs2aProviderConfig, files: SecretFiles): Xs2aProvider {
  const { tls, signing } = config;
  const client = keyPair({ value: tls.clientCertificate, field: 'tls.clientCertificate' }, { value: tls.clientKey, field: 'tls.clientKey' }, files);
  return new Xs2aProvider(config, {
    tls: {
      ...client,
      ...(tls.caBundle ? { caBundle: secret(tls.caBundle, 'tls.caBundle', 'certificates', files) } : {}),
    },
    ...(signing ? { signing: keyPair({ value: signing.certificate, field: 'signing.certificate' }, { value: signing.key, field: 'signing.key' }, files) } : {}),
  });
}

/** Why an added bank's configuration cannot be used here: the setting and the file named. */
const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** How long a replaced or removed bank's connections stay open for the requests still using them. */
const RETIRED_PROVIDER_CLOSE_MS = 120_000;

export type ProviderChange<T> = { ok: true; value: T } | { ok: false; reason: 'unknown' | 'in-file' | 'changed' };

/**
 * The XS2A banks of this deployment: those of the configuration file, and those operators added (kept in the
 * database; every instance picks them up, and their changes and removals, on its next reload). An added bank whose
 * certificate or key file this instance cannot read is not offered here but reported: consent creation answers 503
 * naming it, the readiness report lists it and `xs2a.providers.unavailable` counts it.
 */
export class Xs2aProviderCatalogue {
  private readonly started = new Set<Xs2aProvider>();
  private readonly fromFile = new Set<string>();
  /** The revision of each added bank this instance offers. */
  private readonly versions = new Map<string, string>();
  /** Reloads and admin changes run one at a time: a reload never applies a list read before a change made here. */
  private serial: Promise<unknown> = Promise.resolve();
  private readonly unavailableGauge = metrics.getMeter('@obp/consent').createObservableGauge('xs2a.providers.unavailable', {
    description: 'XS2A banks configured for the deployment that this instance cannot offer (a certificate or key file it cannot read)',
    unit: '{provider}',
  });

  constructor(
    private readonly registry: ProviderRegistry,
    private readonly repository: Xs2aProviderRepository,
    private readonly logger: Logger,
    /** XS2A_SECRETS_DIR: where the files of banks added through the API must be. */
    private readonly secretsDir?: string,
  ) {
    this.unavailableGauge.addCallback((result) => result.observe(this.registry.unavailableKeys().length));
  }

  /** The file's banks; a problem with one stops the start. */
  loadFile(path: string): void {
    for (const config of readXs2aProvidersFile(path)) {
      const provider = xs2aProviderOf(config, { anywhere: true });
      if (!this.registry.add(provider)) throw new Xs2aProviderConfigError('XS2A_PROVIDERS_FILE', `the providerKey ${config.providerKey} is taken by a built-in provider`);
      this.started.add(provider);
      this.fromFile.add(config.providerKey);
    }
  }

  /** The added banks as the database has them now: new ones offered, changed ones replaced, removed ones withdrawn. */
  reload(): Promise<void> {
    return this.exclusive(() => this.reloadNow());
  }

  private async reloadNow(): Promise<void> {
    const stored = await this.repository.list();
    const keys = new Set(stored.map((s) => s.config.providerKey));
    for (const key of [...this.versions.keys()]) if (!keys.has(key)) this.withdraw(key);
    for (const key of this.registry.unavailableKeys()) if (!keys.has(key)) this.registry.clearUnavailable(key);
    for (const { config, revision } of stored) {
      const key = config.providerKey;
      if (this.fromFile.has(key) || this.versions.get(key) === revision) continue;
      if (!this.versions.has(key) && this.registry.find(key)) continue; // a built-in provider's key
      try {
        this.offer(xs2aProviderOf(config, { under: this.secretsDir }), revision);
      } catch (error) {
        if (this.versions.has(key)) this.withdraw(key);
        if (this.registry.unavailable(key) !== reasonOf(error)) this.logger.error({ err: error, providerKey: key }, 'an added XS2A provider cannot be used on this instance');
        this.registry.markUnavailable(key, reasonOf(error));
      }
    }
  }

  /** Adds a bank: its certificates are read now (a path that cannot be read is refused), then it is kept; false when the key is taken. */
  add(config: Xs2aProviderConfig): Promise<{ added: true; provider: Xs2aProvider } | { added: false }> {
    return this.exclusive(async () => {
      if (this.registry.find(config.providerKey)) return { added: false };
      const provider = xs2aProviderOf(config, { under: this.secretsDir });
      const revision = await this.repository.add(config, new Date());
      if (!revision) {
        provider.close();
        return { added: false };
      }
      this.offer(provider, revision);
      return { added: true, provider };
    });
  }

  /** Replaces an added bank's configuration (its files are read now: one that cannot be read is refused). */
  update(config: Xs2aProviderConfig): Promise<ProviderChange<Xs2aProvider>> {
    return this.exclusive(async () => {
      const key = config.providerKey;
      if (this.fromFile.has(key)) return { ok: false, reason: 'in-file' };
      const current = await this.repository.find(key);
      if (!current) return { ok: false, reason: 'unknown' };
      const provider = xs2aProviderOf(config, { under: this.secretsDir });
      const revision = await this.repository.replace(config, current.revision, new Date());
      if (!revision) {
        provider.close();
        return { ok: false, reason: 'changed' };
      }
      this.offer(provider, revision);
      return { ok: true, value: provider };
    });
  }

  /** Removes an added bank: no longer offered; its consents are ended by their next fetch (docs/providers.md). */
  remove(providerKey: string): Promise<ProviderChange<null>> {
    return this.exclusive(async () => {
      if (this.fromFile.has(providerKey)) return { ok: false, reason: 'in-file' };
      if (!(await this.repository.remove(providerKey))) return { ok: false, reason: 'unknown' };
      this.withdraw(providerKey);
      this.registry.clearUnavailable(providerKey);
      return { ok: true, value: null };
    });
  }

  /** Whether the key names a bank of the configuration file (changed only there). */
  isFromFile(providerKey: string): boolean {
    return this.fromFile.has(providerKey);
  }

  close(): void {
    for (const provider of this.started) provider.close();
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.serial.then(work);
    this.serial = run.catch(() => undefined);
    return run;
  }

  private offer(provider: Xs2aProvider, revision: string): void {
    const key = provider.info.key;
    const previous = this.registry.find(key);
    this.registry.replace(provider);
    this.versions.set(key, revision);
    this.started.add(provider);
    if (previous instanceof Xs2aProvider && previous !== provider) this.retire(previous);
  }

  private withdraw(key: string): void {
    const previous = this.registry.find(key);
    this.registry.remove(key);
    this.versions.delete(key);
    if (previous instanceof Xs2aProvider) this.retire(previous);
  }

  private retire(provider: Xs2aProvider): void {
    setTimeout(() => {
      provider.close();
      this.started.delete(provider);
    }, RETIRED_PROVIDER_CLOSE_MS).unref();
  }
}
