import type { BankProvider, Provider, ProviderInfo } from './bank-provider';

/** The providers this deployment offers, by key (case-insensitive). */
export class ProviderRegistry {
  private readonly byKey: Map<string, Provider>;
  private readonly unavailableReasons = new Map<string, string>();

  constructor(providers: readonly Provider[]) {
    this.byKey = new Map(providers.map((p) => [p.info.key.toLowerCase(), p]));
  }

  /** Offers another provider (an XS2A bank an operator added); false when its key is taken. */
  add(provider: Provider): boolean {
    const key = provider.info.key.toLowerCase();
    if (this.byKey.has(key)) return false;
    this.byKey.set(key, provider);
    this.unavailableReasons.delete(key);
    return true;
  }

  /** Offers `provider` in place of the one under its key (an added bank changed). */
  replace(provider: Provider): void {
    const key = provider.info.key.toLowerCase();
    this.byKey.set(key, provider);
    this.unavailableReasons.delete(key);
  }

  /** No longer offers the provider (an added bank removed). */
  remove(key: string): void {
    this.byKey.delete(key.toLowerCase());
    this.unavailableReasons.delete(key.toLowerCase());
  }

  /**
   * A provider configured for this deployment that this instance cannot offer (its key file unreadable here): consent
   * creation answers 503 naming it, rather than "no such provider". Cleared when it is added.
   */
  markUnavailable(key: string, reason: string): void {
    this.unavailableReasons.set(key.toLowerCase(), reason);
  }

  clearUnavailable(key: string): void {
    this.unavailableReasons.delete(key.toLowerCase());
  }

  /** Why the provider cannot be used on this instance; undefined when it can (or is not configured at all). */
  unavailable(key: string): string | undefined {
    return this.unavailableReasons.get(key.toLowerCase());
  }

  unavailableKeys(): string[] {
    return [...this.unavailableReasons.keys()];
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
