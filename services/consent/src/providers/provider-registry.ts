import type { BankProvider, Provider, ProviderInfo } from './bank-provider';

/** The providers this deployment offers, by key (case-insensitive). */
export class ProviderRegistry {
  private readonly byKey: Map<string, Provider>;

  constructor(providers: readonly Provider[]) {
    this.byKey = new Map(providers.map((p) => [p.info.key.toLowerCase(), p]));
  }

  /** Offers another provider (an XS2A bank an operator added); false when its key is taken. */
  add(provider: Provider): boolean {
    const key = provider.info.key.toLowerCase();
    if (this.byKey.has(key)) return false;
    this.byKey.set(key, provider);
    return true;
  }

  find(key: string): Provider | undefined {
    return this.byKey.get(key.toLowerCase());
  }

  /** A bank to authorise at and fetch from; undefined for another kind of provider. */
  bank(key: string): BankProvider | undefined {
    const provider = this.find(key);
    return provider?.kind === 'bank' ? provider : undefined;
  }

  list(): ProviderInfo[] {
    return [...this.byKey.values()].map((p) => p.info);
  }
}
