import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fieldName, xs2aProviderConfigSchema, type Xs2aProviderConfig } from '@obp/contracts';
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

/** A certificate or key as configured (PEM text, or the absolute path of a file holding it), checked to be one. */
function secret(value: string, field: string, kind: 'certificate' | 'key' | 'certificates'): string {
  let pem = value;
  if (!value.startsWith('-----BEGIN ')) {
    try {
      pem = readFileSync(value, 'utf8');
    } catch (error) {
      throw new Xs2aProviderConfigError(field, `This ${kind} cannot be used: the file ${value} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
    }
  }
  try {
    if (kind === 'key') createPrivateKey(pem);
    else new X509Certificate(pem);
  } catch {
    throw new Xs2aProviderConfigError(field, `This ${kind} cannot be used: it is not a PEM ${kind === 'key' ? 'private key' : 'X.509 certificate'}.`);
  }
  return pem;
}

/** The provider for a configuration, its certificates and keys read. */
export function xs2aProviderOf(config: Xs2aProviderConfig): Xs2aProvider {
  const { tls, signing } = config;
  return new Xs2aProvider(config, {
    tls: {
      certificate: secret(tls.clientCertificate, 'tls.clientCertificate', 'certificate'),
      key: secret(tls.clientKey, 'tls.clientKey', 'key'),
      ...(tls.caBundle ? { caBundle: secret(tls.caBundle, 'tls.caBundle', 'certificates') } : {}),
    },
    ...(signing ? { signing: { certificate: secret(signing.certificate, 'signing.certificate', 'certificate'), key: secret(signing.key, 'signing.key', 'key') } } : {}),
  });
}

/**
 * The XS2A banks of this deployment: those of the configuration file, and those operators added (kept in the
 * database; every instance picks them up on its next reload).
 */
export class Xs2aProviderCatalogue {
  private readonly started: Xs2aProvider[] = [];

  constructor(
    private readonly registry: ProviderRegistry,
    private readonly repository: Xs2aProviderRepository,
    private readonly logger: Logger,
  ) {}

  /** The file's banks; a problem with one stops the start. */
  loadFile(path: string): void {
    for (const config of readXs2aProvidersFile(path)) {
      const provider = xs2aProviderOf(config);
      if (!this.registry.add(provider)) throw new Xs2aProviderConfigError('XS2A_PROVIDERS_FILE', `the providerKey ${config.providerKey} is taken by a built-in provider`);
      this.started.push(provider);
    }
  }

  /** The banks operators added since the last look. One that cannot be used (its key file gone) is logged and left out. */
  async reload(): Promise<void> {
    for (const config of await this.repository.list()) {
      if (this.registry.find(config.providerKey)) continue;
      try {
        const provider = xs2aProviderOf(config);
        if (this.registry.add(provider)) this.started.push(provider);
      } catch (error) {
        this.logger.error({ err: error, providerKey: config.providerKey }, 'an added XS2A provider cannot be used');
      }
    }
  }

  /** Adds a bank: its certificates are read now (a path that cannot be read is refused), then it is kept; false when the key is taken. */
  async add(config: Xs2aProviderConfig): Promise<{ added: true; provider: Xs2aProvider } | { added: false }> {
    if (this.registry.find(config.providerKey)) return { added: false };
    const provider = xs2aProviderOf(config);
    if (!(await this.repository.add(config, new Date()))) return { added: false };
    if (this.registry.add(provider)) this.started.push(provider);
    else provider.close();
    return { added: true, provider };
  }

  close(): void {
    for (const provider of this.started) provider.close();
  }
}
