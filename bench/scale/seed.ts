/** Seeds the platform through its API, step by step: shares over many apps, approved sandbox consents. */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PlatformApi } from './api';
import { forEachConcurrently } from './concurrency';
import type { LoadTarget } from './load-spec';
import type { Client } from './stack';

/**
 * How many shares each app owns, in the order apps are registered and filled (repeating): a few
 * large apps and many small ones, about 1,000 on average, none above 3,000.
 */
export const APP_SIZES = [3000, 2000, 1500, 1000, 800, 600, 400, 300, 200, 200] as const;
const PARTNERS = 20;
const REGISTER_CONCURRENCY = 4;

interface App {
  client: Client;
  token: string;
  capacity: number;
  shares: number;
}

export interface Seeded {
  count: number;
  seconds: number;
  /** POSTs that waited out a service's outbox backlog (503 with Retry-After) and were sent again. */
  backlogWaits: number;
}

export interface Distribution {
  apps: number;
  largest: number;
  median: number;
  smallest: number;
}

function shareBody(n: number) {
  // A third of the shares name a consent, as shares of bank data do.
  const consentIds = n % 3 === 0 ? [randomUUID()] : undefined;
  return { clientId: `partner-app-${n % PARTNERS}`, reference: `order-${n}`, consentIds };
}

export class ShareSeeder {
  private readonly apps: App[] = [];
  private readonly shares: Array<{ id: string; app: number }> = [];

  constructor(
    private readonly api: PlatformApi,
    private readonly concurrency: number,
  ) {}

  get count(): number {
    return this.shares.length;
  }

  /** Creates shares until there are `total`, filling each app to its size before the next. */
  async seedTo(total: number): Promise<Seeded> {
    const first = this.shares.length;
    const owners = await this.plan(total - first);
    const started = performance.now();
    const waitsBefore = this.api.backlogWaits;
    await forEachConcurrently(owners, this.concurrency, async (app, i) => {
      const created = await this.api.post<{ data: string }>(this.apps[app]!.token, '/shares', shareBody(first + i), 200);
      this.shares.push({ id: created.data, app });
    });
    return { count: owners.length, seconds: (performance.now() - started) / 1000, backlogWaits: this.api.backlogWaits - waitsBefore };
  }

  async refreshTokens(): Promise<void> {
    await forEachConcurrently(this.apps, REGISTER_CONCURRENCY, async (app) => {
      app.token = await this.api.token(app.client);
    });
  }

  distribution(): Distribution {
    const sizes = this.apps.map((a) => a.shares).filter((n) => n > 0).sort((a, b) => a - b);
    return { apps: sizes.length, largest: sizes[sizes.length - 1] ?? 0, median: sizes[Math.floor(sizes.length / 2)] ?? 0, smallest: sizes[0] ?? 0 };
  }

  /** `n` shares drawn at random from all of them (so larger apps more often), with their owners' tokens. */
  sample(n: number): { targets: LoadTarget[]; tokens: string[] } {
    const tokens: string[] = [];
    const tokenIndex = new Map<number, number>();
    const targets = Array.from({ length: n }, () => {
      const share = this.shares[Math.floor(Math.random() * this.shares.length)]!;
      if (!tokenIndex.has(share.app)) tokenIndex.set(share.app, tokens.push(this.apps[share.app]!.token) - 1);
      return { path: `/shares/${share.id}`, token: tokenIndex.get(share.app)! };
    });
    return { targets, tokens };
  }

  /** The token of an app that owns shares, at random. */
  randomAppToken(): string {
    const owning = this.apps.filter((a) => a.shares > 0);
    return owning[Math.floor(Math.random() * owning.length)]!.token;
  }

  /** The owning app of each share to create, registering apps as they are needed. */
  private async plan(count: number): Promise<number[]> {
    const owners: number[] = [];
    let app = this.apps.findIndex((a) => a.shares < a.capacity);
    if (app < 0) app = this.apps.length;
    const room = (i: number) => (this.apps[i]?.capacity ?? APP_SIZES[i % APP_SIZES.length]!) - (this.apps[i]?.shares ?? 0);
    while (owners.length < count) {
      const take = Math.min(room(app), count - owners.length);
      for (let k = 0; k < take; k++) owners.push(app);
      app++;
    }
    await this.registerApps((owners[owners.length - 1] ?? -1) + 1);
    for (const owner of owners) this.apps[owner]!.shares++;
    return owners;
  }

  private async registerApps(total: number): Promise<void> {
    const indexes = Array.from({ length: Math.max(0, total - this.apps.length) }, (_, k) => this.apps.length + k);
    const registered: App[] = [];
    await forEachConcurrently(indexes, REGISTER_CONCURRENCY, async (index) => {
      const client = await this.api.registerApp(`bench-app-${index + 1}`);
      registered[index - this.apps.length] = { client, token: await this.api.token(client), capacity: APP_SIZES[index % APP_SIZES.length]!, shares: 0 };
    });
    this.apps.push(...registered);
  }
}

const TERMINAL_FAILURES = new Set(['Rejected', 'TimedOut', 'Error', 'Invalidated']);
const APPROVE_CONCURRENCY = 8;
/** The demo client's consents (`npm start` registers `https://example.com` as its redirect URL). */
const REDIRECT_URL = 'https://example.com/bench-consent-done';

/** Plays the user on the sandbox bank page, as a browser would: opens consentUrl, presses Approve. */
async function approve(consentUrl: string): Promise<void> {
  const html = await (await fetch(consentUrl)).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the sandbox page ${consentUrl}`);
  const res = await fetch(new URL(action, consentUrl), {
    method: 'POST',
    body: new URLSearchParams({ consentId: field('consentId'), state: field('state'), decision: 'approve' }),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`approving answered ${res.status}: ${await res.text()}`);
}

export interface SeededConsents {
  count: number;
  seconds: number;
  transactions: number;
}

/** Approved sandbox-retail consents of one app, each with its accounts and transactions fetched. */
export class ConsentSeeder {
  readonly consents: string[] = [];
  /** GET /consents answers that failed while consents were being fetched (e.g. the edge's 504). */
  listTimeouts = 0;
  readonly accounts: string[] = [];
  transactions = 0;
  /** Where the current seeding is, for progress lines. */
  progress = '';

  constructor(
    private readonly api: PlatformApi,
    private readonly token: () => string,
  ) {}

  async seedTo(total: number): Promise<SeededConsents> {
    const started = performance.now();
    const created: string[] = [];
    const numbers = Array.from({ length: total - this.consents.length }, (_, k) => this.consents.length + k + 1);
    await forEachConcurrently(numbers, APPROVE_CONCURRENCY, async (n) => {
      const body = { providerKey: 'sandbox-retail', redirectUrl: REDIRECT_URL, externalUserId: `bench-user-${n}` };
      const consent = await this.api.post<{ consentId: string; consentUrl: string }>(this.token(), '/consents', body, 201);
      await approve(consent.consentUrl);
      created.push(consent.consentId);
      this.progress = `${created.length} of ${numbers.length} new consents approved`;
    });
    await this.waitUntilUpdated(created);
    const seconds = (performance.now() - started) / 1000;
    const transactions = await this.countAccountsAndTransactions(created);
    this.consents.push(...created);
    return { count: created.length, seconds, transactions };
  }

  private async waitUntilUpdated(ids: string[]): Promise<void> {
    const waiting = new Set(ids);
    const deadline = Date.now() + Math.max(300_000, ids.length * 5_000);
    while (waiting.size > 0) {
      if (Date.now() > deadline) throw new Error(`${waiting.size} consents were not Updated in time`);
      // A list that times out while the fetches run is counted and asked again (the report says how often).
      const listed = await this.api.get<{ data: Array<{ id: string; status: string }> }>(this.token(), '/consents').catch((error: unknown) => {
        this.listTimeouts++;
        if (this.listTimeouts > 100) throw error;
        return { data: [] };
      });
      for (const consent of listed.data) {
        if (!waiting.has(consent.id)) continue;
        if (consent.status === 'Updated') waiting.delete(consent.id);
        else if (TERMINAL_FAILURES.has(consent.status)) throw new Error(`consent ${consent.id} ended ${consent.status}`);
      }
      this.progress = `${ids.length - waiting.size} of ${ids.length} new consents Updated${this.listTimeouts > 0 ? ` (GET /consents failed ${this.listTimeouts} times meanwhile)` : ''}`;
      if (waiting.size > 0) await sleep(500);
    }
  }

  private async countAccountsAndTransactions(consentIds: string[]): Promise<number> {
    let added = 0;
    await forEachConcurrently(consentIds, APPROVE_CONCURRENCY, async (consentId) => {
      const accounts = await this.api.get<{ data: Array<{ id: string }> }>(this.token(), `/consents/${consentId}/accounts`);
      for (const account of accounts.data) {
        const page = await this.api.get<{ _pagination: { totalCount: number } }>(this.token(), `/accounts/${account.id}/transactions?pageSize=1`);
        this.accounts.push(account.id);
        added += page._pagination.totalCount;
      }
    });
    this.transactions += added;
    return added;
  }
}
