import { randomUUID } from 'node:crypto';
import type { SandboxAccount, SandboxProfile } from '@obp/sandbox-bank';
import { Xs2aError } from './errors';
import { Households } from './households';

export type ConsentStatus = 'received' | 'rejected' | 'valid' | 'revokedByPsu' | 'expired' | 'terminatedByTpp';
export type ScaStatus = 'received' | 'started' | 'finalised' | 'failed';
export type ScaApproach = 'REDIRECT' | 'DECOUPLED';

/** The `access` of a consent request, as the standard has it (account references by IBAN). */
export interface AccountAccess {
  accounts?: { iban?: string }[];
  balances?: { iban?: string }[];
  transactions?: { iban?: string }[];
  availableAccounts?: 'allAccounts' | 'allAccountsWithOwnerName';
  availableAccountsWithBalance?: 'allAccounts' | 'allAccountsWithOwnerName';
  allPsd2?: 'allAccounts' | 'allAccountsWithOwnerName';
}

/** What an account information read is: the list of accounts, or one account's details, balances or transactions. */
export type ReadKind = 'accounts' | 'account' | 'balances' | 'transactions';

export interface SimulatedConsent {
  id: string;
  /** The TPP that created it: the SHA-256 fingerprint of its client certificate. */
  tpp: string;
  access: AccountAccess;
  recurringIndicator: boolean;
  /** `YYYY-MM-DD`, at most `maxValidityDays` after the day it was made. */
  validUntil: string;
  frequencyPerDay: number;
  status: ConsentStatus;
  approach: ScaApproach;
  psuId: string | undefined;
  redirectUri: string | undefined;
  nokRedirectUri: string | undefined;
  authorisation: { id: string; scaStatus: ScaStatus };
  /** `YYYY-MM-DD` of the last change or use. */
  lastActionDate: string;
  /** Unattended reads per `<day>|<account or *>|<kind>`. */
  reads: Map<string, number>;
}

export interface SimulatedBankOptions {
  /** Seeds households (`<bankKey>:<psuId>`). Default `sandbox-xs2a`. */
  bankKey?: string;
  /** Default `Sandbox XS2A Bank`. */
  bankName?: string;
  profile?: SandboxProfile;
  /** History kept, months. Default 14. */
  months?: number;
  /** The longest consent the bank grants, days. Default 180 (the regulatory maximum for AIS). */
  maxValidityDays?: number;
  /** Largest page of transactions. Default 100. */
  pageSize?: number;
  supportedApproaches?: readonly ScaApproach[];
  /** Where the SCA pages are served, e.g. `https://localhost:8443`. */
  scaBaseUrl: string;
  /** The bank's clock; the `advanceDays` test hook adds to it. Default `() => new Date()`. */
  now?: () => Date;
  /**
   * Give each consent its own `resourceId` for an account, as some ASPSPs and hubs do (the Berlin Group leaves the id
   * to the ASPSP): a re-authorisation's consent then lists the same accounts under new ids. Default false (one id per
   * account for every consent).
   */
  resourceIdsPerConsent?: boolean;
  /** Answer PERIOD_INVALID to an unattended transaction read from further back than this many days. Default: no limit. */
  unattendedHistoryDays?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The simulated ASPSP's state and rules: consents, their authorisation, and what a consent lets a TPP read. */
export class SimulatedBank {
  readonly households: Households;
  readonly bankName: string;
  readonly pageSize: number;
  readonly scaBaseUrl: string;
  readonly supportedApproaches: readonly ScaApproach[];
  readonly profile: SandboxProfile;
  readonly unattendedHistoryDays: number | undefined;
  private readonly maxValidityDays: number;
  private readonly clock: () => Date;
  private readonly resourceIdsPerConsent: boolean;
  private offsetDays = 0;
  private readonly consents = new Map<string, SimulatedConsent>();

  constructor(options: SimulatedBankOptions) {
    this.profile = options.profile ?? 'retail';
    this.households = new Households({ bankKey: options.bankKey ?? 'sandbox-xs2a', profile: this.profile, months: options.months ?? 14 });
    this.bankName = options.bankName ?? 'Sandbox XS2A Bank';
    this.pageSize = options.pageSize ?? 100;
    this.scaBaseUrl = options.scaBaseUrl.replace(/\/$/, '');
    this.supportedApproaches = options.supportedApproaches ?? ['REDIRECT', 'DECOUPLED'];
    this.maxValidityDays = options.maxValidityDays ?? 180;
    this.clock = options.now ?? (() => new Date());
    this.resourceIdsPerConsent = options.resourceIdsPerConsent ?? false;
    this.unattendedHistoryDays = options.unattendedHistoryDays;
  }

  /** The id under which `consent` lists `account`. */
  resourceIdOf(consent: SimulatedConsent, account: SandboxAccount): string {
    return this.resourceIdsPerConsent ? `${account.externalId}-${consent.id.slice(0, 8)}` : account.externalId;
  }

  now(): Date {
    return new Date(this.clock().getTime() + this.offsetDays * DAY_MS);
  }

  today(): string {
    return this.now().toISOString().slice(0, 10);
  }

  /** The earliest `dateFrom` of an unattended transaction read, where the bank limits it. */
  unattendedFrom(): string | undefined {
    return this.unattendedHistoryDays === undefined ? undefined : addDays(this.today(), -this.unattendedHistoryDays);
  }

  /** Test hook: moves the bank's clock forward. */
  advanceDays(days: number): void {
    this.offsetDays += days;
  }

  createConsent(p: {
    tpp: string;
    access: AccountAccess;
    recurringIndicator: boolean;
    validUntil: string;
    frequencyPerDay: number;
    approach: ScaApproach;
    psuId: string | undefined;
    redirectUri: string | undefined;
    nokRedirectUri: string | undefined;
  }): SimulatedConsent {
    const today = this.today();
    if (p.validUntil < today) throw new Xs2aError('TIMESTAMP_INVALID', `validUntil ${p.validUntil} is before today (${today}).`, 'validUntil');
    if (!p.recurringIndicator && p.frequencyPerDay !== 1) throw new Xs2aError('FORMAT_ERROR', 'frequencyPerDay must be 1 for a one-off consent (recurringIndicator false).', 'frequencyPerDay');
    if (p.frequencyPerDay < 1) throw new Xs2aError('FORMAT_ERROR', 'frequencyPerDay must be at least 1.', 'frequencyPerDay');
    if (!this.supportedApproaches.includes(p.approach)) throw new Xs2aError('FORMAT_ERROR', `This bank does not support the ${p.approach.toLowerCase()} SCA approach.`);
    checkAccess(p.access);
    // The Guidelines let the ASPSP shorten a longer validity to its maximum; the answer to GET shows the date granted.
    const latest = addDays(today, this.maxValidityDays);
    const consent: SimulatedConsent = {
      id: randomUUID(),
      tpp: p.tpp,
      access: p.access,
      recurringIndicator: p.recurringIndicator,
      validUntil: p.validUntil > latest ? latest : p.validUntil,
      frequencyPerDay: p.frequencyPerDay,
      status: 'received',
      approach: p.approach,
      psuId: p.psuId,
      redirectUri: p.redirectUri,
      nokRedirectUri: p.nokRedirectUri,
      authorisation: { id: randomUUID(), scaStatus: 'received' },
      lastActionDate: today,
      reads: new Map(),
    };
    this.consents.set(consent.id, consent);
    return consent;
  }

  /** The consent as its TPP sees it; an unknown id, or another TPP's, is CONSENT_UNKNOWN. */
  consentOf(id: string, tpp: string, status = 403): SimulatedConsent {
    const consent = this.consents.get(id);
    if (!consent || consent.tpp !== tpp) throw new Xs2aError('CONSENT_UNKNOWN', 'The consent is not known for this TPP.', undefined, status);
    this.expireIfDue(consent);
    return consent;
  }

  /** For the SCA page and the test hooks, which act for the PSU, not a TPP. */
  consentForPsu(id: string): SimulatedConsent | undefined {
    const consent = this.consents.get(id);
    if (consent) this.expireIfDue(consent);
    return consent;
  }

  /** The PSU approves or rejects the consent's authorisation (on the SCA page, or in its app for decoupled). */
  decide(consent: SimulatedConsent, authorisationId: string, decision: 'approve' | 'reject', psuId: string | undefined): void {
    if (consent.authorisation.id !== authorisationId) throw new Xs2aError('RESOURCE_UNKNOWN', 'No such authorisation of this consent.');
    if (consent.status !== 'received' || (consent.authorisation.scaStatus !== 'received' && consent.authorisation.scaStatus !== 'started')) {
      throw new Xs2aError('STATUS_INVALID', `The authorisation is already ${consent.authorisation.scaStatus}; the consent is ${consent.status}.`);
    }
    if (decision === 'approve') {
      const psu = psuId?.trim() || consent.psuId;
      if (!psu) throw new Xs2aError('FORMAT_ERROR', 'The PSU must identify itself to approve.', 'psuId');
      consent.psuId = psu;
      consent.status = 'valid';
      consent.authorisation.scaStatus = 'finalised';
    } else {
      consent.status = 'rejected';
      consent.authorisation.scaStatus = 'failed';
    }
    consent.lastActionDate = this.today();
  }

  startSca(consent: SimulatedConsent): void {
    if (consent.authorisation.scaStatus === 'received') consent.authorisation.scaStatus = 'started';
  }

  /** Test hook: the consent's validity ends now. */
  expire(consent: SimulatedConsent): void {
    if (consent.status === 'valid' || consent.status === 'received') consent.status = 'expired';
    consent.lastActionDate = this.today();
  }

  /** Test hook: the PSU withdraws the consent at the bank. */
  revoke(consent: SimulatedConsent): void {
    if (consent.status === 'valid' || consent.status === 'received') consent.status = 'revokedByPsu';
    consent.lastActionDate = this.today();
  }

  terminate(consent: SimulatedConsent): void {
    consent.status = 'terminatedByTpp';
    consent.lastActionDate = this.today();
  }

  /**
   * Checks that `consent` allows this read, counts it when unattended (no PSU-IP-Address, as the standard counts
   * `frequencyPerDay`), and answers the accounts it covers. Unattended reads are counted per account and per kind
   * of read (the account list counts once for all accounts); a further page of the same report does not count.
   */
  authoriseRead(consent: SimulatedConsent, kind: ReadKind, accountId: string | undefined, counted: boolean): { psuId: string; accounts: SandboxAccount[]; account: SandboxAccount | undefined } {
    if (consent.status === 'expired') throw new Xs2aError('CONSENT_EXPIRED', `The consent expired (valid until ${consent.validUntil}).`);
    if (consent.status !== 'valid') throw new Xs2aError('CONSENT_INVALID', `The consent is ${consent.status}, not valid.`);
    const psuId = consent.psuId!;
    const all = this.households.of(psuId, this.today()).accounts;
    const covered = all.filter((a) => covers(consent.access, kind, a));
    const account = accountId === undefined ? undefined : all.find((a) => this.resourceIdOf(consent, a) === accountId);
    if (accountId !== undefined) {
      if (!account) throw new Xs2aError('RESOURCE_UNKNOWN', 'No such account.', 'account-id');
      if (!covered.includes(account)) throw new Xs2aError('CONSENT_INVALID', `The consent does not cover the ${kind} of this account.`);
    } else if (covered.length === 0) {
      throw new Xs2aError('CONSENT_INVALID', 'The consent does not cover this service.');
    }
    if (counted) {
      const key = `${this.today()}|${accountId ?? '*'}|${kind}`;
      const used = consent.reads.get(key) ?? 0;
      if (used >= consent.frequencyPerDay) throw new Xs2aError('ACCESS_EXCEEDED', `The access without the PSU is limited to ${consent.frequencyPerDay} a day for this account and service.`);
      consent.reads.set(key, used + 1);
    }
    consent.lastActionDate = this.today();
    return { psuId, accounts: covered, account };
  }

  /** The access as granted: for a bank-offered or global consent, the PSU's accounts by IBAN once it has approved. */
  grantedAccess(consent: SimulatedConsent): AccountAccess {
    if (consent.status !== 'valid' || !consent.psuId) return consent.access;
    const all = this.households.of(consent.psuId, this.today()).accounts;
    const refs = (kind: ReadKind) => all.filter((a) => covers(consent.access, kind, a)).map((a) => ({ iban: a.iban, currency: a.currency }));
    if (consent.access.availableAccounts || consent.access.availableAccountsWithBalance) return consent.access;
    return { accounts: refs('account'), balances: refs('balances'), transactions: refs('transactions') };
  }

  private expireIfDue(consent: SimulatedConsent): void {
    if ((consent.status === 'valid' || consent.status === 'received') && consent.validUntil < this.today()) consent.status = 'expired';
  }
}

function checkAccess(access: AccountAccess): void {
  const lists = [access.accounts, access.balances, access.transactions];
  const global = access.allPsd2 ?? access.availableAccounts ?? access.availableAccountsWithBalance;
  if (global && lists.some((l) => l && l.length > 0)) throw new Xs2aError('FORMAT_ERROR', 'allPsd2 or availableAccounts cannot be combined with account lists.', 'access');
  if (!global && lists.every((l) => l === undefined)) throw new Xs2aError('FORMAT_ERROR', 'access asks for nothing.', 'access');
  for (const [name, list] of [['accounts', access.accounts], ['balances', access.balances], ['transactions', access.transactions]] as const) {
    list?.forEach((ref, i) => {
      if (!ref.iban) throw new Xs2aError('FORMAT_ERROR', 'This bank addresses accounts by IBAN.', `access/${name}/${i}/iban`);
    });
  }
}

/** Whether `access` lets the TPP make a read of `kind` of `account`. */
function covers(access: AccountAccess, kind: ReadKind, account: SandboxAccount): boolean {
  if (access.allPsd2) return true;
  if (access.availableAccounts) return kind === 'accounts';
  if (access.availableAccountsWithBalance) return kind === 'accounts';
  const bank = access.accounts?.length === 0 && access.balances?.length === 0 && access.transactions?.length === 0;
  // Bank-offered consent: the TPP asks with empty lists and the PSU grants its accounts on the SCA page.
  if (bank) return true;
  const has = (list: { iban?: string }[] | undefined) => !!list?.some((r) => r.iban === account.iban);
  if (kind === 'balances') return has(access.balances);
  if (kind === 'transactions') return has(access.transactions);
  // An account listed for balances or transactions is also listed (Guidelines: the lists imply `accounts`).
  return has(access.accounts) || has(access.balances) || has(access.transactions);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
