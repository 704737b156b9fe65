import type { BankProvider, ProviderInfo } from './bank-provider';

/** The providers this deployment offers, by key (case-insensitive). */
export class ProviderRegistry {
  private readonly byKey: Map<string, BankProvider>;

  constructor(providers: BankProvider[]) {
    this.byKey = new Map(providers.map((p) => [p.info.key.toLowerCase(), p]));
  }

  find(key: string): BankProvider | undefined {
    return this.byKey.get(key.toLowerCase());
  }

  list(): ProviderInfo[] {
    return [...this.byKey.values()].map((p) => p.info);
  }
}
