import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:https';
import { formatIssues, xs2aValidator } from '../document/xs2a-validator';
import { signatureHeaders, type SigningCredentials } from './message-signing';
import { Xs2aBankError, Xs2aInvalidAnswer, Xs2aUnreachable } from './xs2a-errors';

/** How one bank bends the standard: set per bank in its provider configuration (docs/providers.md, "Quirks"). */
export interface Xs2aQuirks {
  /** Sent with every request (a hub's API key, a fixed `PSU-IP-Port`, ...). */
  headers?: Readonly<Record<string, string>>;
  /** `itemsPerPage` asked for on transaction reports (the bank's page size when absent). */
  itemsPerPage?: number;
  /** The bank writes date-times where the standard has dates (`bookingDate: "2024-01-05T00:00:00"`): cut to the date before the answer is checked. */
  dateTimesAsDates?: boolean;
}

export interface Xs2aBankSettings {
  /** The ASPSP's XS2A base URL, up to where the document's paths (`/v1/...`) begin, e.g. `https://xs2a.bank.example/psd2`. */
  baseUrl: string;
  /** Mutual TLS: the TPP's certificate (a QWAC in production) and key, and the CAs trusted for the bank's server certificate (the system's when absent). */
  tls: { certificate: string; key: string; caBundle?: string };
  /** HTTP message signing with the TPP's QSealC, for banks that require it. */
  signing?: SigningCredentials;
  /** Each request is abandoned after this long. */
  requestTimeoutMs: number;
  quirks?: Xs2aQuirks;
}

export type Xs2aAccess =
  | { allPsd2: 'allAccounts' }
  /** Bank-offered: the PSU picks the accounts at the bank. */
  | { accounts: []; balances: []; transactions: [] };

export interface CreateConsentRequest {
  access: Xs2aAccess;
  /** `YYYY-MM-DD`. */
  validUntil: string;
  frequencyPerDay: number;
  psuIpAddress: string;
  approach: 'redirect' | 'decoupled';
  /** Redirect approach: where the bank sends the PSU after approving, and after refusing. */
  redirectUri?: string;
  nokRedirectUri?: string;
  /** Decoupled approach: the PSU's id at the bank. */
  psuId?: string;
}

export interface CreatedBankConsent {
  consentId: string;
  consentStatus: string;
  /** Redirect approach: where the PSU authorises (absolute, at the bank). */
  scaRedirect?: string;
  /** The authorisation's status link, for the decoupled approach's polling. */
  scaStatus?: string;
  psuMessage?: string;
}

export interface Xs2aAccount {
  resourceId: string;
  iban?: string;
  bban?: string;
  /** Some banks and hubs list card accounts among the accounts, by their masked card number. */
  maskedPan?: string;
  currency: string;
  name?: string;
  displayName?: string;
  product?: string;
  cashAccountType?: string;
  ownerName?: string;
  usage?: string;
  /** `balances` and `transactions` are there when the consent covers them. */
  _links?: Record<string, { href: string }>;
}

/** One balance of an account (`GET /v1/accounts/{account-id}/balances`). */
export interface Xs2aBalance {
  balanceAmount: { currency: string; amount: string };
  balanceType: string;
  referenceDate?: string;
  lastChangeDateTime?: string;
}

export interface Xs2aAccountReference {
  iban?: string;
  bban?: string;
  pan?: string;
  maskedPan?: string;
  msisdn?: string;
  currency?: string;
}

/** A booked transaction as the document's `transactionDetails` has it (the fields the platform reads). */
export interface Xs2aTransaction {
  transactionId?: string;
  entryReference?: string;
  endToEndId?: string;
  mandateId?: string;
  creditorId?: string;
  bookingDate?: string;
  valueDate?: string;
  transactionAmount: { currency: string; amount: string };
  creditorName?: string;
  creditorAccount?: Xs2aAccountReference;
  ultimateCreditor?: string;
  debtorName?: string;
  debtorAccount?: Xs2aAccountReference;
  ultimateDebtor?: string;
  remittanceInformationUnstructured?: string;
  remittanceInformationUnstructuredArray?: string[];
  remittanceInformationStructured?: { reference: string };
  remittanceInformationStructuredArray?: { reference: string }[];
  additionalInformation?: string;
  purposeCode?: string;
  bankTransactionCode?: string;
  proprietaryBankTransactionCode?: string;
  merchantCategoryCode?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** Largest answer read from a bank: a transaction page is far smaller; anything beyond is refused, not buffered. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** A report longer than this many pages is refused (a bank whose `next` links never end). */
const MAX_PAGES = 2_000;

/**
 * A TPP's client of one bank's XS2A interface (account information): mutual TLS, `X-Request-ID` on every request,
 * optional message signing, every request bounded in time, and every request and answer checked against the Berlin
 * Group document. A request of ours that does not conform is a bug and throws; an answer that does not conform throws
 * `Xs2aInvalidAnswer`; an error answer throws `Xs2aBankError` with the standard's codes; no answer, `Xs2aUnreachable`.
 */
export class Xs2aClient {
  private readonly agent: Agent;
  /** Connections used once: for requests that must not go out on a kept-alive connection the bank may be closing. */
  private readonly freshAgent: Agent;
  private readonly base: URL;
  /** The base URL's path, without a trailing slash: the document's paths follow it. */
  private readonly prefix: string;

  constructor(private readonly settings: Xs2aBankSettings) {
    this.base = new URL(settings.baseUrl);
    if (this.base.protocol !== 'https:') throw new Error(`the bank's base URL must be https: ${settings.baseUrl}`);
    this.prefix = this.base.pathname.replace(/\/+$/, '');
    const tls = { cert: settings.tls.certificate, key: settings.tls.key, ...(settings.tls.caBundle ? { ca: settings.tls.caBundle } : {}), minVersion: 'TLSv1.2' as const };
    this.agent = new Agent({ keepAlive: true, maxSockets: 8, ...tls });
    this.freshAgent = new Agent({ keepAlive: false, ...tls });
  }

  close(): void {
    this.agent.destroy();
    this.freshAgent.destroy();
  }

  async createConsent(p: CreateConsentRequest, signal?: AbortSignal): Promise<CreatedBankConsent> {
    const headers: Record<string, string> = { 'PSU-IP-Address': p.psuIpAddress };
    if (p.approach === 'redirect') {
      headers['TPP-Redirect-Preferred'] = 'true';
      if (p.redirectUri) headers['TPP-Redirect-URI'] = p.redirectUri;
      if (p.nokRedirectUri) headers['TPP-Nok-Redirect-URI'] = p.nokRedirectUri;
    } else {
      headers['TPP-Decoupled-Preferred'] = 'true';
      headers['TPP-Redirect-Preferred'] = 'false';
    }
    if (p.psuId) headers['PSU-ID'] = p.psuId;
    const body = { access: p.access, recurringIndicator: true, validUntil: p.validUntil, frequencyPerDay: p.frequencyPerDay, combinedServiceIndicator: false };
    const answer = await this.call('POST', '/v1/consents', { headers, body, signal });
    const created = answer.body as { consentId: string; consentStatus: string; scaStatus?: string; psuMessage?: string; _links?: Record<string, { href: string }> };
    const scaRedirect = created._links?.scaRedirect?.href;
    if (p.approach === 'redirect' && !scaRedirect) throw new Xs2aInvalidAnswer('POST /v1/consents', 'the redirect approach was asked for, but the answer has no _links.scaRedirect');
    if (scaRedirect && !/^https:\/\//i.test(scaRedirect)) throw new Xs2aInvalidAnswer('POST /v1/consents', `_links.scaRedirect is not an https URL: ${scaRedirect.slice(0, 100)}`);
    return {
      consentId: created.consentId,
      consentStatus: created.consentStatus,
      ...(scaRedirect ? { scaRedirect } : {}),
      ...(created._links?.scaStatus ? { scaStatus: created._links.scaStatus.href } : {}),
      ...(created.psuMessage ? { psuMessage: created.psuMessage } : {}),
    };
  }

  /** `consentStatus`: `received`, `valid`, `rejected`, `revokedByPsu`, `expired`, `terminatedByTpp`, ... */
  async consentStatus(consentId: string, signal?: AbortSignal): Promise<string> {
    const answer = await this.call('GET', `/v1/consents/${encodeURIComponent(consentId)}/status`, { signal });
    return (answer.body as { consentStatus: string }).consentStatus;
  }

  /** The authorisation's `scaStatus` (`received`, `started`, `finalised`, `failed`, ...), at the link the consent's creation gave. */
  async scaStatus(link: string, signal?: AbortSignal): Promise<string> {
    const answer = await this.call('GET', link, { signal, link: true });
    return (answer.body as { scaStatus: string }).scaStatus;
  }

  async deleteConsent(consentId: string, signal?: AbortSignal): Promise<void> {
    await this.call('DELETE', `/v1/consents/${encodeURIComponent(consentId)}`, { signal });
  }

  async accounts(consentId: string, signal?: AbortSignal): Promise<Xs2aAccount[]> {
    const answer = await this.call('GET', '/v1/accounts', { headers: { 'Consent-ID': consentId }, signal });
    return (answer.body as { accounts: Xs2aAccount[] }).accounts;
  }

  /** The account's balances, as the bank reports them now. */
  async balances(consentId: string, accountId: string, signal?: AbortSignal): Promise<Xs2aBalance[]> {
    const answer = await this.call('GET', `/v1/accounts/${encodeURIComponent(accountId)}/balances`, { headers: { 'Consent-ID': consentId }, signal });
    return (answer.body as { balances: Xs2aBalance[] }).balances;
  }

  /** Every booked transaction of the account from `dateFrom` (`YYYY-MM-DD`), over all pages (`_links.next`). */
  async bookedTransactions(consentId: string, accountId: string, dateFrom: string, signal?: AbortSignal): Promise<Xs2aTransaction[]> {
    const query = new URLSearchParams({ bookingStatus: 'booked', dateFrom });
    if (this.settings.quirks?.itemsPerPage) query.set('itemsPerPage', String(this.settings.quirks.itemsPerPage));
    let next: string | undefined = `/v1/accounts/${encodeURIComponent(accountId)}/transactions?${query.toString()}`;
    let link = false;
    const seen = new Set<string>();
    const booked: Xs2aTransaction[] = [];
    while (next) {
      if (seen.has(next) || seen.size >= MAX_PAGES) throw new Xs2aInvalidAnswer('GET /v1/accounts/{account-id}/transactions', `the report's _links.next leads back to a page already read, or past ${MAX_PAGES} pages`);
      seen.add(next);
      const answer = await this.call('GET', next, { headers: { 'Consent-ID': consentId }, signal, link, datesInTransactions: true });
      const report = (answer.body as { transactions?: { booked?: Xs2aTransaction[]; _links?: { next?: { href: string } } } }).transactions;
      booked.push(...(report?.booked ?? []));
      next = report?._links?.next?.href;
      link = true;
    }
    return booked;
  }

  /**
   * One exchange. `target` is a document path (`/v1/...`, with its query), or with `link` a link the bank gave
   * (relative to its host, or absolute on it: a link to another host is refused, our certificate is not sent there).
   */
  private async call(
    method: string,
    target: string,
    options: { headers?: Record<string, string>; body?: unknown; signal?: AbortSignal; link?: boolean; datesInTransactions?: boolean },
  ): Promise<Answer> {
    const { url, documentPath } = this.locate(method, target, options.link ?? false);
    const operation = `${method} ${documentPath}`;
    const text = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = {
      'X-Request-ID': randomUUID(),
      Accept: 'application/json',
      ...(text !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...this.settings.quirks?.headers,
      ...options.headers,
    };
    if (this.settings.signing) Object.assign(headers, signatureHeaders(this.settings.signing, headers, text ?? ''));
    const query = Object.fromEntries(url.searchParams.entries());
    const requestIssues = xs2aValidator().validateRequest({ method, path: documentPath, query, headers, body: options.body });
    if (requestIssues.length > 0) throw new Error(`our request ${operation} does not conform to the NextGenPSD2 document: ${formatIssues(requestIssues)}`);

    const answer = await this.exchange(url, method, headers, text, options.signal, operation).catch((error: unknown) => {
      // A kept-alive connection reset as we sent on it: most likely the bank had closed it and the request never
      // reached it, but a proxy may have passed it on before the reset. Once more on a new connection only where a
      // second arrival changes nothing (reads, deletions); a consent made twice would stay at the bank.
      if (error instanceof StaleConnection && (method === 'GET' || method === 'DELETE')) return this.exchange(url, method, headers, text, options.signal, operation);
      if (error instanceof StaleConnection) throw new Xs2aUnreachable(operation, new Error('the connection was reset as the request went out'));
      throw error;
    });
    if (answer.status >= 400) throw bankError(answer, operation);
    if (options.datesInTransactions && this.settings.quirks?.dateTimesAsDates) cutDateTimes(answer.body);
    const issues = xs2aValidator().validateResponse({ method, path: documentPath }, { status: answer.status, headers: answer.headers, body: answer.body });
    if (issues.length > 0) throw new Xs2aInvalidAnswer(operation, formatIssues(issues, 5));
    return answer;
  }

  private locate(method: string, target: string, link: boolean): { url: URL; documentPath: string } {
    if (!link) {
      const url = new URL(`${this.base.origin}${this.prefix}${target}`);
      return { url, documentPath: url.pathname.slice(this.prefix.length) };
    }
    const url = new URL(target, this.base.origin);
    if (url.origin !== this.base.origin) throw new Xs2aInvalidAnswer(`${method} ${target.slice(0, 100)}`, `the link points off the bank's interface (${url.origin})`);
    // A relative link may or may not repeat the base URL's path: the document's paths begin at /v1.
    if (this.prefix && !url.pathname.startsWith(`${this.prefix}/`)) url.pathname = `${this.prefix}${url.pathname}`;
    return { url, documentPath: url.pathname.slice(this.prefix.length) };
  }

  private exchange(url: URL, method: string, headers: Record<string, string>, text: string | undefined, signal: AbortSignal | undefined, operation: string): Promise<Answer> {
    const timeout = AbortSignal.timeout(this.settings.requestTimeoutMs);
    const bounded = signal ? AbortSignal.any([signal, timeout]) : timeout;
    return new Promise<Answer>((resolve, reject) => {
      const fail = (error: Error) => {
        if (req.reusedSocket && !bounded.aborted && (error as NodeJS.ErrnoException).code === 'ECONNRESET' && !answered) return reject(new StaleConnection());
        reject(error instanceof Xs2aInvalidAnswer ? error : new Xs2aUnreachable(operation, bounded.aborted ? (bounded.reason as Error) : error));
      };
      let answered = false;
      const req = request(
        url,
        // A consent's creation goes on a new connection: on a kept-alive one the bank may close just as it goes out,
        // and it cannot be sent again (the bank may have made the consent), so a reused connection would fail it.
        { method, headers: { ...headers, ...(text !== undefined ? { 'Content-Length': String(Buffer.byteLength(text)) } : {}) }, agent: method === 'GET' || method === 'DELETE' ? this.agent : this.freshAgent, signal: bounded },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_ANSWER_BYTES) {
              req.destroy(new Xs2aInvalidAnswer(operation, `the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          res.on('error', fail);
          res.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            let body: unknown;
            if (raw.trim().length > 0) {
              try {
                body = JSON.parse(raw);
              } catch {
                if (status < 400) return reject(new Xs2aInvalidAnswer(operation, `the body is not JSON: ${raw.slice(0, 80)}`));
              }
            }
            resolve({ status, headers: res.headers, body });
          });
        },
      );
      req.on('error', fail);
      if (text !== undefined) req.write(text);
      req.end();
    });
  }
}

/** The bank had closed the kept-alive connection the request went out on (its idle timeout): nothing reached it. */
class StaleConnection extends Error {}

function bankError(answer: Answer, operation: string): Xs2aBankError {
  const messages = (answer.body as { tppMessages?: unknown } | undefined)?.tppMessages;
  const list = Array.isArray(messages) ? (messages as { category?: unknown; code?: unknown; text?: unknown }[]) : [];
  const errors = list.filter((m) => m && m.category !== 'WARNING' && typeof m.code === 'string');
  const text = errors.map((m) => (typeof m.text === 'string' ? m.text : '')).filter(Boolean).join(' ');
  return new Xs2aBankError(answer.status, errors.map((m) => m.code as string), operation, text.slice(0, 500));
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/;

function cutDateTimes(body: unknown): void {
  const booked = (body as { transactions?: { booked?: unknown } } | undefined)?.transactions?.booked;
  if (!Array.isArray(booked)) return;
  for (const t of booked as Record<string, unknown>[]) {
    for (const field of ['bookingDate', 'valueDate']) {
      const value = t?.[field];
      if (typeof value === 'string') t[field] = DATE_TIME.exec(value)?.[1] ?? value;
    }
  }
}
