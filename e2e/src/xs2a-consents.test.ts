import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConsentEventTypes, type AccountDto, type ConsentDto, type ConsentStateData, type ProviderDto, type TransactionDto } from '@obp/contracts';
import { database } from '@obp/db';
import { generateSandboxData } from '@obp/sandbox-bank';
import { waitFor } from '@obp/testkit';
import { Xs2aClient } from '@obp/xs2a';
import { startXs2aSimulator, type RunningXs2aSimulator } from '@obp/xs2a/src/simulator';
import { httpsCall } from '@obp/xs2a/src/simulator/xs2a-client.fixture';
import { recordTopic } from './consent-helpers';
import { startStack, type Stack } from './harness';
import { RecordingReceiver, verifiedMessage } from './recording-receiver';

const REDIRECT_URL = 'https://app.example.test/bank-done';
const PSU_IP = '203.0.113.7';
const HISTORY_DAYS = 60;

let sim: RunningXs2aSimulator;
let stack: Stack;
let token: string;
let dir: string;
const receiver = new RecordingReceiver();

/** The simulator's certificates as an operator would mount them: files, named by path in the providers file. */
function providersFile(): string {
  dir = mkdtempSync(join(tmpdir(), 'xs2a-e2e-'));
  writeFileSync(join(dir, 'client-cert.pem'), sim.pki.client.cert);
  writeFileSync(join(dir, 'client-key.pem'), sim.pki.client.key, { mode: 0o600 });
  writeFileSync(join(dir, 'ca.pem'), sim.pki.ca.cert);
  const tls = { clientCertificate: join(dir, 'client-cert.pem'), clientKey: join(dir, 'client-key.pem'), caBundle: join(dir, 'ca.pem') };
  const bank = { kind: 'xs2a', country: 'NL', baseUrl: sim.apiUrl, tls, historyDays: HISTORY_DAYS, consentValidityDays: 90 };
  const file = join(dir, 'providers.json');
  writeFileSync(
    file,
    JSON.stringify({
      providers: [
        { ...bank, providerKey: 'sandbox-xs2a', name: 'Sandbox XS2A bank', scaApproaches: ['redirect', 'decoupled'], frequencyPerDay: 4 },
        { ...bank, providerKey: 'sandbox-xs2a-strict', name: 'Sandbox XS2A bank (2 reads a day)', scaApproaches: ['redirect'], frequencyPerDay: 2 },
        // Consents of 5 days: within the expiry notice (7 days) as soon as they are granted.
        { ...bank, providerKey: 'sandbox-xs2a-short', name: 'Sandbox XS2A bank (5-day consents)', scaApproaches: ['redirect'], frequencyPerDay: 4, consentValidityDays: 5 },
      ],
    }),
  );
  return file;
}

beforeAll(async () => {
  sim = await startXs2aSimulator({ testHooks: true, pageSize: 25 });
  stack = await startStack({
    consentEnv: { XS2A_PROVIDERS_FILE: providersFile(), XS2A_SECRETS_DIR: dir, XS2A_AUTHORIZATION_POLL_MS: '200', XS2A_PROVIDERS_RELOAD_MS: '300', FETCH_RETRY_BASE_MS: '50', FETCH_RETRY_MAX_MS: '200' },
  });
  token = await stack.token(await stack.registerClient());
  await receiver.start();
});

afterAll(async () => {
  await receiver.stop();
  await stack?.stop();
  await sim?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function getConsent(id: string): Promise<ConsentDto> {
  return (await json<{ data: ConsentDto }>(await stack.api(token, `/consents/${id}`))).data;
}

async function waitForStatus(id: string, status: ConsentDto['status']): Promise<ConsentDto> {
  return waitFor(
    async () => {
      const consent = await getConsent(id);
      return consent.status === status ? consent : undefined;
    },
    { what: `consent ${id} ${status}`, timeoutMs: 60_000, intervalMs: 100 },
  );
}

async function createXs2aConsent(body: Record<string, unknown> = {}): Promise<{ consentId: string; consentUrl: string | null }> {
  const res = await stack.api(token, '/consents', { method: 'POST', json: { providerKey: 'sandbox-xs2a', redirectUrl: REDIRECT_URL, psuIpAddress: PSU_IP, ...body } });
  const created = await json<{ consentId: string; consentUrl: string | null }>(res);
  expect({ status: res.status, created }).toMatchObject({ status: 201 });
  return created;
}

/** The user's browser at the bank: the SCA page's form, then the bank's redirect to our callback, then ours to the app. */
async function decideAtBank(consentUrl: string, decision: 'approve' | 'reject', psuId: string): Promise<URL> {
  const page = await httpsCall(consentUrl, { method: 'GET', ca: sim.pki.ca.cert });
  expect(page.text).toContain('<form method="post">');
  const back = await httpsCall(consentUrl, {
    method: 'POST',
    ca: sim.pki.ca.cert,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ psuId, decision }).toString(),
  });
  expect(back.status).toBe(303);
  const callback = new URL(String(back.headers.location));
  expect(callback.href.startsWith(`${stack.baseUrl}/xs2a/`)).toBe(true);
  const toApp = await fetch(callback, { redirect: 'manual' });
  expect(toApp.status).toBe(303);
  return new URL(toApp.headers.get('location')!);
}

async function transactionsOf(accountId: string): Promise<TransactionDto[]> {
  const all: TransactionDto[] = [];
  for (let page = 1; ; page++) {
    const body = await json<{ data: TransactionDto[]; totalPages?: number; page?: number }>(await stack.api(token, `/accounts/${accountId}/transactions?page=${page}&pageSize=500`));
    all.push(...body.data);
    if (body.data.length < 500) return all;
  }
}

function bankConsentIdOf(consentId: string): Promise<string> {
  return waitFor(async () => (await stack.consent.consents.find(consentId))?.bankConsent?.id, { what: 'the bank consent id' });
}

describe('XS2A banks through the edge', () => {
  it('lists the configured banks in GET /providers, without certificates or keys', async () => {
    const res = await stack.api(token, '/providers');
    const text = await res.text();
    const providers = (JSON.parse(text) as { data: ProviderDto[] }).data;
    expect(providers.find((p) => p.key === 'sandbox-xs2a')).toMatchObject({ name: 'Sandbox XS2A bank', countryCodes: ['NL'] });
    expect(text).not.toContain('BEGIN');
    expect(text).not.toContain('client-key');
  });

  it('approve: the bank’s SCA page, back through our callback to the app, then accounts and every page of booked transactions, mapped', async () => {
    const { consentId, consentUrl } = await createXs2aConsent({ externalUserId: 'xs2a-anna' });
    expect(consentUrl?.startsWith(`${sim.scaUrl}/sca/`)).toBe(true);
    const toApp = await decideAtBank(consentUrl!, 'approve', 'psu-anna');
    expect(`${toApp.origin}${toApp.pathname}`).toBe(REDIRECT_URL);
    expect(toApp.searchParams.get('consentId')).toBe(consentId);
    expect(toApp.searchParams.get('status')).toBe('Authenticated');

    const updated = await waitForStatus(consentId, 'Updated');
    expect(updated.errors).toEqual([]);
    const accounts = (await json<{ data: { id: string; iban: string; type: string }[] }>(await stack.api(token, `/consents/${consentId}/accounts`))).data;
    const household = generateSandboxData({ seed: 'sandbox-xs2a:psu-anna', profile: 'retail', asOf: new Date(`${sim.bank.today()}T23:59:59.999Z`), months: 14 });
    expect(accounts.map((a) => a.iban).sort()).toEqual(household.accounts.map((a) => a.iban).sort());
    const current = household.accounts.find((a) => a.type === 'Current')!;
    const from = new Date(Date.now() - HISTORY_DAYS * 86_400_000).toISOString().slice(0, 10);
    const expected = household.transactions.filter((t) => t.accountExternalId === current.externalId && t.bookingDate.slice(0, 10) >= from);
    const stored = await transactionsOf(accounts.find((a) => a.iban === current.iban)!.id);
    expect(expected.length).toBeGreaterThan(50);
    expect(stored).toHaveLength(expected.length);
    // Each account's balances, as the bank reported them at the fetch (its closing balance: the sum of its history).
    const listedCurrent = (await json<{ data: AccountDto[] }>(await stack.api(token, `/consents/${consentId}/accounts`))).data.find((a) => a.iban === current.iban)!;
    const cents = household.transactions.filter((t) => t.accountExternalId === current.externalId).reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
    expect(listedCurrent.balances).toEqual(
      expect.arrayContaining([{ type: 'closingBooked', amount: cents / 100, currency: current.currency, referenceDate: sim.bank.today(), lastChangeDateTime: null }]),
    );
    const groceries = stored.find((t) => t.merchantCategoryCode === '5411');
    expect(groceries).toMatchObject({ transactionType: 'ba', bankTransactionCode: expect.stringMatching(/^PMNT-CCRD/), counterpartName: expect.any(String) });
    const directDebit = stored.find((t) => t.mandateId);
    expect(directDebit).toMatchObject({ creditorSchemeId: expect.any(String), bankReference: expect.any(String), description: expect.any(String) });
  });

  it('reject: the consent is Rejected by what the bank says, and the user goes on to the app', async () => {
    const { consentId, consentUrl } = await createXs2aConsent();
    const toApp = await decideAtBank(consentUrl!, 'reject', 'psu-bert');
    expect(toApp.searchParams.get('status')).toBe('Rejected');
    expect((await getConsent(consentId)).status).toBe('Rejected');
    expect(sim.bank.consentForPsu(await bankConsentIdOf(consentId))?.status).toBe('rejected');
  });

  it('never authorises an XS2A consent on the sandbox bank’s own page, even with its link’s secret', async () => {
    const { consentId } = await createXs2aConsent();
    const state = (await stack.consent.consents.find(consentId))!.authorizationState;
    const query = new URLSearchParams({ consentId, state });
    expect((await fetch(`${stack.baseUrl}/sandbox/sandbox-xs2a/authorize?${query.toString()}`)).status).toBe(404);
    const decided = await fetch(`${stack.baseUrl}/sandbox/sandbox-xs2a/authorize`, { method: 'POST', body: new URLSearchParams({ consentId, state, decision: 'approve' }), redirect: 'manual' });
    expect(decided.status).toBe(404);
    expect((await getConsent(consentId)).status).toBe('Initialized');
  });

  it('refuses an XS2A consent without the user’s IP address, naming the field', async () => {
    const res = await stack.api(token, '/consents', { method: 'POST', json: { providerKey: 'sandbox-xs2a', redirectUrl: REDIRECT_URL } });
    expect(res.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(res)).errors.psuIpAddress?.[0]).toMatch(/psuIpAddress field is required/);
  });

  it('decoupled: with the user’s bank id the bank asks in its app, and polling finds the approval', async () => {
    const { consentId, consentUrl } = await createXs2aConsent({ psuId: 'psu-carla' });
    expect(consentUrl).toBeNull();
    const bankConsent = sim.bank.consentForPsu(await bankConsentIdOf(consentId))!;
    expect(bankConsent.approach).toBe('DECOUPLED');
    // Polled while the user has not decided yet.
    await waitFor(async () => ((await stack.consent.consents.find(consentId))?.bankConsent?.polls ?? 0) >= 1, { what: 'a first poll' });
    expect((await getConsent(consentId)).status).toBe('Initialized');
    sim.bank.decide(bankConsent, bankConsent.authorisation.id, 'approve', 'psu-carla');
    await waitForStatus(consentId, 'Updated');
  });

  it('refresh: at most frequencyPerDay - 1 a day (429); ACCESS_EXCEEDED waits for the bank’s next day; CONSENT_EXPIRED ends the consent', async () => {
    const { consentId, consentUrl } = await createXs2aConsent({ providerKey: 'sandbox-xs2a-strict' });
    await decideAtBank(consentUrl!, 'approve', 'psu-dirk');
    await waitForStatus(consentId, 'Updated');
    const refresh = () => stack.api(token, `/consents/${consentId}/refresh`, { method: 'POST' });
    expect((await refresh()).status).toBe(202);
    const limited = await refresh();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const refreshed = await waitFor(
      async () => {
        const c = await getConsent(consentId);
        return c.status !== 'Updating' && c.dateTransactionsUpdated !== null ? c : undefined;
      },
      { what: 'the refresh done', timeoutMs: 60_000 },
    );
    // Two unattended reads a day: the first fetch and the refresh took them. Another read today is refused.
    expect(refreshed.status).toBe('Updated');
    const bankConsentId = await bankConsentIdOf(consentId);
    const tpp = new Xs2aClient({ baseUrl: sim.apiUrl, tls: { certificate: sim.pki.client.cert, key: sim.pki.client.key, caBundle: sim.pki.ca.cert }, requestTimeoutMs: 10_000 });
    try {
      await expect(tpp.accounts(bankConsentId)).rejects.toMatchObject({ codes: ['ACCESS_EXCEEDED'] });
    } finally {
      tpp.close();
    }
    // A fetch today meets ACCESS_EXCEEDED: recorded, and not tried again before the bank's next day.
    await stack.consent.consents.mutate(consentId, (c) => ({ next: { ...c, fetch: { id: 'forced-fetch', requestedAt: new Date(), notBefore: new Date(), leaseUntil: null, again: false } }, events: [], result: null }));
    stack.consent.fetchRunner.kick();
    const deferred = await waitFor(async () => ((await getConsent(consentId)).errors.some((e) => e.code === 'ACCESS_EXCEEDED') ? stack.consent.consents.find(consentId) : undefined), { what: 'ACCESS_EXCEEDED recorded' });
    const tomorrow = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`).getTime() + 86_400_000;
    expect(deferred!.status).toBe('Failing');
    expect(deferred!.fetch!.notBefore.getTime()).toBeGreaterThanOrEqual(tomorrow);

    // The consent's validity ends at the bank: the next fetch ends it, with the bank's code, and no further retries.
    sim.bank.expire(sim.bank.consentForPsu(bankConsentId)!);
    await stack.consent.consents.mutate(consentId, (c) => ({ next: { ...c, fetch: { ...c.fetch!, notBefore: new Date() } }, events: [], result: null }));
    stack.consent.fetchRunner.kick();
    const ended = await waitForStatus(consentId, 'Invalidated');
    expect(ended.errors.at(-1)).toMatchObject({ code: 'CONSENT_EXPIRED', type: 'FetchFailed' });
    expect((await stack.consent.consents.find(consentId))!.fetch).toBeNull();
  });

  it('revocation at the bank: the next fetch meets CONSENT_INVALID, the consent is Invalidated and the change announced (the webhook’s event)', async () => {
    const recorder = await recordTopic(stack.kafkaBrokers, stack.consentEventsTopic);
    try {
      const { consentId, consentUrl } = await createXs2aConsent();
      await decideAtBank(consentUrl!, 'approve', 'psu-frank');
      await waitForStatus(consentId, 'Updated');
      sim.bank.revoke(sim.bank.consentForPsu(await bankConsentIdOf(consentId))!);
      expect((await stack.api(token, `/consents/${consentId}/refresh`, { method: 'POST' })).status).toBe(202);
      const ended = await waitForStatus(consentId, 'Invalidated');
      expect(ended.errors.at(-1)).toMatchObject({ code: 'CONSENT_INVALID' });
      await waitFor(
        () =>
          recorder
            .events(ConsentEventTypes.statusUpdated)
            .some((e) => (e.data as ConsentStateData).consent.id === consentId && (e.data as ConsentStateData).consent.status === 'Invalidated'),
        { what: 'consent.status.updated with Invalidated', timeoutMs: 30_000 },
      );
    } finally {
      await recorder.stop();
    }
  });

  it('erasure deletes the consent at the bank', async () => {
    const { consentId, consentUrl } = await createXs2aConsent();
    await decideAtBank(consentUrl!, 'approve', 'psu-eva');
    await waitForStatus(consentId, 'Updated');
    const bankConsentId = await bankConsentIdOf(consentId);
    expect((await stack.api(token, `/consents/${consentId}`, { method: 'DELETE' })).status).toBe(204);
    await waitFor(() => sim.bank.consentForPsu(bankConsentId)?.status === 'terminatedByTpp', { what: 'the bank consent deleted' });
    expect((await stack.api(token, `/consents/${consentId}`)).status).toBe(404);
  });

  it('POST /admin/providers: admin token only, a clear 400 naming the field, 201 listed without secrets, 409 for a key taken', async () => {
    const body = {
      kind: 'xs2a',
      providerKey: 'added-bank',
      name: 'Added bank',
      country: 'be',
      baseUrl: sim.apiUrl,
      scaApproaches: ['redirect'],
      tls: { clientCertificate: sim.pki.client.cert, clientKey: join(dir, 'client-key.pem'), caBundle: sim.pki.ca.cert },
    };
    const admin = (json: unknown, auth = `Bearer ${stack.adminToken}`) =>
      fetch(`${stack.baseUrl}/admin/providers`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: auth }, body: JSON.stringify(json) });
    expect((await admin(body, `Bearer ${token}`)).status).toBe(401);
    // A private key is taken only as a file path: the database never holds one.
    const inlineKey = await admin({ ...body, tls: { ...body.tls, clientKey: sim.pki.client.key } });
    expect(inlineKey.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(inlineKey)).errors['tls.clientKey']?.[0]).toMatch(/absolute path of a file/);
    const tooLong = await admin({ ...body, consentValidityDays: 181 });
    expect(tooLong.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(tooLong)).errors.consentValidityDays?.[0]).toMatch(/1 to 180/);
    const missingFile = await admin({ ...body, tls: { ...body.tls, clientKey: '/nonexistent/key.pem' } });
    expect(missingFile.status).toBe(400);
    expect(Object.keys((await json<{ errors: Record<string, string[]> }>(missingFile)).errors)).toEqual(['tls.clientKey']);

    const added = await admin(body);
    const text = await added.text();
    expect(added.status).toBe(201);
    expect(JSON.parse(text)).toEqual({ key: 'added-bank', name: 'Added bank', countryCodes: ['BE'], description: expect.any(String) });
    expect(text).not.toContain('BEGIN');
    const listed = await (await stack.api(token, '/providers')).text();
    expect(listed).toContain('added-bank');
    expect(listed).not.toContain('BEGIN');
    expect((await admin(body)).status).toBe(409);
    // The added bank works: a consent made at it.
    const created = await stack.api(token, '/consents', { method: 'POST', json: { providerKey: 'added-bank', countryCode: 'BE', redirectUrl: REDIRECT_URL, psuIpAddress: PSU_IP } });
    expect(created.status).toBe(201);
  });

  it('expiry: consent.expiring goes out once per bank consent, the notice before its validUntil, as event and webhook', async () => {
    const hook = await stack.api(token, '/webhooks', { method: 'POST', json: { url: receiver.url('/expiring'), events: ['consent.expiring'] } });
    expect(hook.status).toBe(201);
    const { secret } = (await json<{ data: { secret: string } }>(hook)).data;
    const { consentId, consentUrl } = await createXs2aConsent({ providerKey: 'sandbox-xs2a-short', externalUserId: 'xs2a-gina' });
    // Waiting for the user: nothing granted to expire yet.
    await stack.consent.maintenance.runOnce();
    await decideAtBank(consentUrl!, 'approve', 'psu-gina');
    const updated = await waitForStatus(consentId, 'Updated');
    // Rounds on two "instances" and after a restart: the maintenance job reads what the consent recorded.
    await stack.consent.maintenance.runOnce();
    await stack.consent.maintenance.runOnce();
    const delivered = await waitFor(() => (receiver.on('/expiring').length > 0 ? receiver.on('/expiring') : undefined), { what: 'the consent.expiring webhook', timeoutMs: 30_000 });
    const message = verifiedMessage(delivered[0]!, secret);
    expect(message).toMatchObject({
      type: 'consent.expiring',
      data: { consentId, externalUserId: 'xs2a-gina', providerKey: 'sandbox-xs2a-short', status: 'Updated', validUntil: updated.dateExpire },
    });
    await stack.consent.maintenance.runOnce();
    const bankConsentId = await bankConsentIdOf(consentId);
    expect(sim.bank.consentForPsu(bankConsentId)!.validUntil).toBe(updated.dateExpire.slice(0, 10));
    expect((await stack.consent.consents.find(consentId))!.bankConsent!.expiringAnnounced).toBe(true);
    expect(receiver.on('/expiring').filter((r) => (verifiedMessage(r, secret).data as { consentId?: string }).consentId === consentId)).toHaveLength(1);
  });

  async function reauthorise(consentId: string, body: Record<string, unknown> = { psuIpAddress: PSU_IP }, as = token): Promise<Response> {
    return stack.api(as, `/consents/${consentId}/reauthorise`, { method: 'POST', json: body });
  }

  it('re-authorisation after the bank ended the consent: a new bank consent for the same consent, the old one deleted at the bank, the data kept and nothing stored twice', async () => {
    const recorder = await recordTopic(stack.kafkaBrokers, stack.consentEventsTopic);
    try {
      const { consentId, consentUrl } = await createXs2aConsent({ externalUserId: 'xs2a-hugo' });
      await decideAtBank(consentUrl!, 'approve', 'psu-hugo');
      await waitForStatus(consentId, 'Updated');
      const accounts = (await json<{ data: { id: string; iban: string }[] }>(await stack.api(token, `/consents/${consentId}/accounts`))).data;
      const before = await Promise.all(accounts.map((a) => transactionsOf(a.id)));
      const oldBankConsent = await bankConsentIdOf(consentId);
      const first = await getConsent(consentId);

      // The user revokes at the bank: the next fetch ends the consent.
      sim.bank.revoke(sim.bank.consentForPsu(oldBankConsent)!);
      expect((await stack.api(token, `/consents/${consentId}/refresh`, { method: 'POST' })).status).toBe(202);
      await waitForStatus(consentId, 'Invalidated');

      // Only the owner; the user's IP address is required.
      const other = await stack.token(await stack.registerClient());
      expect((await reauthorise(consentId, { psuIpAddress: PSU_IP }, other)).status).toBe(404);
      const noIp = await reauthorise(consentId, {});
      expect(noIp.status).toBe(400);
      expect(Object.keys((await json<{ errors: Record<string, string[]> }>(noIp)).errors)).toEqual(['psuIpAddress']);

      const res = await reauthorise(consentId);
      const renewal = await json<{ consentId: string; consentUrl: string }>(res);
      expect({ status: res.status, consentId: renewal.consentId }).toEqual({ status: 200, consentId });
      expect(renewal.consentUrl.startsWith(`${sim.scaUrl}/sca/`)).toBe(true);
      // Asked again while it is under way: the same bank consent.
      expect((await json<{ consentUrl: string }>(await reauthorise(consentId))).consentUrl).toBe(renewal.consentUrl);
      expect((await getConsent(consentId)).status).toBe('Invalidated');

      const toApp = await decideAtBank(renewal.consentUrl, 'approve', 'psu-hugo');
      expect(Object.fromEntries(toApp.searchParams)).toEqual({ consentId, status: 'Authenticated', reauthorisation: 'approved' });
      const renewed = await waitForStatus(consentId, 'Updated');
      expect(renewed.dateExpire > first.dateExpire).toBe(true);
      const newBankConsent = await bankConsentIdOf(consentId);
      expect(newBankConsent).not.toBe(oldBankConsent);
      expect(sim.bank.consentForPsu(newBankConsent)!.status).toBe('valid');
      // The old one was revoked at the bank, which will not delete it (CONSENT_INVALID): taken as gone, not retried.
      await waitFor(async () => ((await stack.consent.consents.find(consentId))!.retiredBankConsentIds ?? []).length === 0, { what: 'the retired bank consent cleared' });
      expect(sim.bank.consentForPsu(oldBankConsent)?.status).toBe('revokedByPsu');

      // The same accounts, every transaction once.
      const after = (await json<{ data: { id: string }[] }>(await stack.api(token, `/consents/${consentId}/accounts`))).data;
      expect(after.map((a) => a.id).sort()).toEqual(accounts.map((a) => a.id).sort());
      const afterTx = await Promise.all(accounts.map((a) => transactionsOf(a.id)));
      afterTx.forEach((list, i) => {
        expect(new Set(list.map((t) => t.id)).size).toBe(list.length);
        expect(list.map((t) => t.id).sort()).toEqual(before[i]!.map((t) => t.id).sort());
      });
      // What happened, in the consent's events: ended, then granted again and fetched.
      await waitFor(
        () => {
          const statuses = recorder
            .events(ConsentEventTypes.statusUpdated)
            .map((e) => e.data as ConsentStateData)
            .filter((d) => d.consent.id === consentId)
            .map((d) => d.consent.status);
          return statuses.join(',').endsWith('Invalidated,Authenticated,Updating,Updated');
        },
        { what: 'Invalidated, then Authenticated, Updating, Updated', timeoutMs: 30_000 },
      );
    } finally {
      await recorder.stop();
    }
  });

  it('re-authorisation refused at the bank: the consent goes on as it was, the refusal recorded; not for a consent never granted or at another provider', async () => {
    const { consentId, consentUrl } = await createXs2aConsent();
    // The first authorisation is still under way.
    expect((await reauthorise(consentId)).status).toBe(409);
    await decideAtBank(consentUrl!, 'approve', 'psu-ida');
    await waitForStatus(consentId, 'Updated');
    const bankConsentId = await bankConsentIdOf(consentId);
    const res = await reauthorise(consentId);
    const renewal = await json<{ consentUrl: string }>(res);
    expect({ status: res.status, renewal }).toMatchObject({ status: 200, renewal: { consentUrl: expect.any(String) } });
    const toApp = await decideAtBank(renewal.consentUrl, 'reject', 'psu-ida');
    expect(Object.fromEntries(toApp.searchParams)).toEqual({ consentId, status: 'Updated', reauthorisation: 'rejected' });
    const after = await getConsent(consentId);
    expect(after.status).toBe('Updated');
    expect(after.errors.at(-1)).toMatchObject({ code: 'REAUTHORISATION_REJECTED', type: 'ReauthorisationFailed' });
    expect(await bankConsentIdOf(consentId)).toBe(bankConsentId);
    expect(sim.bank.consentForPsu(bankConsentId)!.status).toBe('valid');

    const rejected = await createXs2aConsent();
    await decideAtBank(rejected.consentUrl!, 'reject', 'psu-jan');
    const never = await reauthorise(rejected.consentId);
    expect(never.status).toBe(409);
    expect((await json<{ detail: string }>(never)).detail).toMatch(/Rejected cannot be re-authorised/);
    const sandbox = await json<{ consentId: string }>(await stack.api(token, '/consents', { method: 'POST', json: { providerKey: 'sandbox-retail', redirectUrl: REDIRECT_URL } }));
    expect((await reauthorise(sandbox.consentId)).status).toBe(409);
  });

  const adminCall = (method: string, path: string, body?: unknown) =>
    fetch(`${stack.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${stack.adminToken}` }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  it('PUT and DELETE /admin/providers/{providerKey}: a bank added through the API is changed and removed; its consents keep their data and end at their next fetch', async () => {
    const bank = {
      kind: 'xs2a',
      providerKey: 'editable-bank',
      name: 'Editable bank',
      country: 'NL',
      baseUrl: sim.apiUrl,
      scaApproaches: ['redirect'],
      tls: { clientCertificate: join(dir, 'client-cert.pem'), clientKey: join(dir, 'client-key.pem'), caBundle: join(dir, 'ca.pem') },
    };
    expect((await adminCall('POST', '/admin/providers', bank)).status).toBe(201);
    const changed = await adminCall('PUT', '/admin/providers/editable-bank', { ...bank, name: 'Renamed bank', historyDays: 30 });
    expect({ status: changed.status, body: await json<unknown>(changed) }).toMatchObject({ status: 200, body: { key: 'editable-bank', name: 'Renamed bank' } });
    const listed = (await json<{ data: ProviderDto[] }>(await stack.api(token, '/providers'))).data;
    expect(listed.find((p) => p.key === 'editable-bank')?.name).toBe('Renamed bank');
    const otherKey = await adminCall('PUT', '/admin/providers/editable-bank', { ...bank, providerKey: 'another-key' });
    expect(otherKey.status).toBe(400);
    expect(Object.keys((await json<{ errors: Record<string, string[]> }>(otherKey)).errors)).toEqual(['providerKey']);
    expect((await adminCall('PUT', '/admin/providers/no-such-bank', { ...bank, providerKey: 'no-such-bank' })).status).toBe(404);
    expect((await adminCall('PUT', '/admin/providers/sandbox-xs2a', { ...bank, providerKey: 'sandbox-xs2a' })).status).toBe(409);
    expect((await adminCall('DELETE', '/admin/providers/sandbox-xs2a')).status).toBe(409);

    // A consent at the bank, fetched under the changed configuration (30 days of history).
    const { consentId, consentUrl } = await createXs2aConsent({ providerKey: 'editable-bank' });
    await decideAtBank(consentUrl!, 'approve', 'psu-kees');
    await waitForStatus(consentId, 'Updated');
    const accounts = (await json<{ data: { id: string }[] }>(await stack.api(token, `/consents/${consentId}/accounts`))).data;
    const stored = await Promise.all(accounts.map((a) => transactionsOf(a.id)));
    const oldest = stored.flat().map((t) => t.bookingDate.slice(0, 10)).sort()[0]!;
    expect(oldest >= new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10)).toBe(true);

    expect((await adminCall('DELETE', '/admin/providers/editable-bank')).status).toBe(204);
    expect((await adminCall('DELETE', '/admin/providers/editable-bank')).status).toBe(404);
    expect((await json<{ data: ProviderDto[] }>(await stack.api(token, '/providers'))).data.map((p) => p.key)).not.toContain('editable-bank');
    const refused = await stack.api(token, '/consents', { method: 'POST', json: { providerKey: 'editable-bank', redirectUrl: REDIRECT_URL, psuIpAddress: PSU_IP } });
    expect(refused.status).toBe(400);
    // The consent's next fetch ends it; its data stays until the app erases it.
    expect((await stack.api(token, `/consents/${consentId}/refresh`, { method: 'POST' })).status).toBe(202);
    const ended = await waitForStatus(consentId, 'Invalidated');
    expect(ended.errors.at(-1)).toMatchObject({ code: 'PROVIDER_REMOVED' });
    expect((await json<{ data: { id: string }[] }>(await stack.api(token, `/consents/${consentId}/accounts`))).data).toHaveLength(accounts.length);
  });

  it('a bank whose key file this instance cannot read: not silently dropped but 503 naming it, listed in readiness (still ready) and counted in the metrics', async () => {
    const record = {
      kind: 'xs2a',
      providerKey: 'unreadable-bank',
      name: 'Unreadable bank',
      country: 'NL',
      baseUrl: sim.apiUrl,
      scaApproaches: ['redirect'],
      consentAccess: 'allPsd2',
      frequencyPerDay: 4,
      consentValidityDays: 90,
      historyDays: 90,
      requestTimeoutMs: 20_000,
      tls: { clientCertificate: join(dir, 'client-cert.pem'), clientKey: join(dir, 'not-mounted-here', 'key.pem') },
    };
    // Added on another instance, which can read the file: this one cannot.
    await database(stack.consent.db).collection('xs2a_providers').insertOne({ _id: 'unreadable-bank' as never, config: record, addedAt: new Date(), updatedAt: new Date(), version: 1 });
    const consentServiceUrl = `http://127.0.0.1:${stack.consent.port()}`;
    const readiness = await waitFor(
      async () => {
        const res = await fetch(`${consentServiceUrl}/health/ready`);
        const body = await json<{ status: string; checks: Record<string, string> }>(res);
        return body.checks['xs2a-provider:unreadable-bank'] ? { status: res.status, body } : undefined;
      },
      { what: 'the bank listed as failing in the readiness report' },
    );
    expect(readiness).toMatchObject({ status: 200, body: { status: 'ok', checks: { 'xs2a-provider:unreadable-bank': 'failing' } } });
    const res = await stack.api(token, '/consents', { method: 'POST', json: { providerKey: 'unreadable-bank', redirectUrl: REDIRECT_URL, psuIpAddress: PSU_IP } });
    expect(res.status).toBe(503);
    // The app learns the bank is unavailable for now; the setting and the file are the operator's (log, readiness, metric).
    const detail = (await json<{ detail: string }>(res)).detail;
    expect(detail).toBe("The provider 'unreadable-bank' is temporarily unavailable; try again later.");
    expect(detail).not.toMatch(/not-mounted-here|tls\.clientKey|ENOENT/);
    const metrics = await (await fetch(`${consentServiceUrl}/metrics`)).text();
    expect(metrics).toMatch(/^xs2a_providers_unavailable\S* 1$/m);
    // Removed: no longer reported.
    expect((await adminCall('DELETE', '/admin/providers/unreadable-bank')).status).toBe(204);
    expect((await json<{ checks: Record<string, string> }>(await fetch(`${consentServiceUrl}/health/ready`))).checks['xs2a-provider:unreadable-bank']).toBeUndefined();
  });
});
