import { setTimeout as delay } from 'node:timers/promises';
import { generateSandboxData, type SandboxProfile } from '@obp/sandbox-bank';
import { ProviderError, type BankProvider, type ProviderAccount, type ProviderInfo, type ProviderSession, type ProviderTransaction } from './bank-provider';

export type SandboxBehaviour = 'normal' | 'slow' | 'failing';

export interface SandboxProviderOptions {
  key: string;
  name: string;
  description: string;
  profile: SandboxProfile;
  behaviour: SandboxBehaviour;
  /** Delay of each call of a `slow` sandbox. */
  slowCallMs: number;
}

/**
 * The built-in sandbox bank: the user approves on a page of this service, and the data is the
 * deterministic history of `@obp/sandbox-bank` for the consent's subject, so a refresh finds the
 * same transactions again plus the ones booked since. Variants are slow or always fail, to
 * exercise `Updating`, `Failing` and `Error`.
 */
export class SandboxProvider implements BankProvider {
  readonly kind = 'bank';
  readonly info: ProviderInfo;

  constructor(private readonly options: SandboxProviderOptions) {
    this.info = { key: options.key, name: options.name, countryCodes: ['NL'], description: options.description };
  }

  authorizationUrl(args: { consentId: string; state: string; publicBaseUrl: string }): string {
    const url = new URL(`/sandbox/${encodeURIComponent(this.info.key)}/authorize`, args.publicBaseUrl);
    url.searchParams.set('consentId', args.consentId);
    url.searchParams.set('state', args.state);
    return url.toString();
  }

  async listAccounts(session: ProviderSession, signal: AbortSignal): Promise<ProviderAccount[]> {
    await this.call(signal);
    return this.dataset(session, new Date()).accounts.map((a) => ({ ...a }));
  }

  async listTransactions(session: ProviderSession, account: ProviderAccount, asOf: Date, signal: AbortSignal): Promise<ProviderTransaction[]> {
    await this.call(signal);
    return this.dataset(session, asOf).transactions.filter((t) => t.accountExternalId === account.externalId);
  }

  private dataset(session: ProviderSession, asOf: Date) {
    return generateSandboxData({ seed: `${this.info.key}:${session.subject}`, profile: this.options.profile, asOf });
  }

  private async call(signal: AbortSignal): Promise<void> {
    if (this.options.behaviour === 'slow') await delay(this.options.slowCallMs, undefined, { signal });
    if (this.options.behaviour === 'failing') throw new ProviderError('PROVIDER_UNAVAILABLE', 'The sandbox bank is unavailable (this sandbox always fails).');
  }
}

export function sandboxProviders(slowCallMs: number): SandboxProvider[] {
  const make = (key: string, name: string, profile: SandboxProfile, behaviour: SandboxBehaviour, description: string) =>
    new SandboxProvider({ key, name, profile, behaviour, description, slowCallMs });
  return [
    make('sandbox-retail', 'Sandbox Bank (retail)', 'retail', 'normal', 'A Dutch household: salary, rent, insurance, subscriptions, groceries, bills, savings transfers.'),
    make('sandbox-business', 'Sandbox Bank (business)', 'business', 'normal', 'A Dutch sole trader: client invoices, VAT, accountant, software, fuel, tax savings.'),
    make('sandbox-slow', 'Sandbox Bank (slow)', 'retail', 'slow', 'Retail data, but every call to the bank takes a while.'),
    make('sandbox-failing', 'Sandbox Bank (failing)', 'retail', 'failing', 'Every call to the bank fails: the consent goes Failing, then Error.'),
  ];
}
