import { randomUUID } from 'node:crypto';
import { generateSandboxData } from '@obp/sandbox-bank';
import { Xs2aClient } from '../client/xs2a-client';
import type { Xs2aBankError } from '../client/xs2a-errors';
import { signatureHeaders } from '../client/message-signing';
import { createCertificateAuthority, issueCertificate } from './certificates';
import { startXs2aSimulator, type RunningXs2aSimulator } from './start-simulator';
import { httpsCall, Xs2aTestClient, type HttpAnswer } from './xs2a-client.fixture';

const REDIRECT = 'https://tpp.example/xs2a/callback?state=s1';
const NOK_REDIRECT = 'https://tpp.example/xs2a/callback?state=s1&nok=1';
const PSU_IP = '192.168.8.78';
const PAGE_SIZE = 40;

let sim: RunningXs2aSimulator;
let tpp: Xs2aTestClient;

beforeAll(async () => {
  sim = await startXs2aSimulator({ testHooks: true, pageSize: PAGE_SIZE });
  tpp = new Xs2aTestClient(sim);
});

afterAll(async () => {
  await sim.close();
});

function day(offset: number): string {
  return new Date(sim.bank.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
}

function consentRequest(overrides: Record<string, unknown> = {}) {
  return { access: { allPsd2: 'allAccounts' }, recurringIndicator: true, validUntil: day(90), frequencyPerDay: 4, combinedServiceIndicator: false, ...overrides };
}

async function createConsent(p: { body?: Record<string, unknown>; headers?: Record<string, string> } = {}) {
  const answer = await tpp.call('POST', '/v1/consents', {
    headers: { 'PSU-IP-Address': PSU_IP, 'TPP-Redirect-URI': REDIRECT, 'TPP-Nok-Redirect-URI': NOK_REDIRECT, ...p.headers },
    body: p.body ?? consentRequest(),
  });
  expect(answer.status).toBe(201);
  return answer.body as { consentId: string; consentStatus: string; scaStatus?: string; _links: Record<string, { href: string }> };
}

/** The PSU's browser on the SCA page: no client certificate. */
async function decideOnScaPage(scaRedirect: string, decision: 'approve' | 'reject', psuId: string): Promise<HttpAnswer> {
  const page = await httpsCall(scaRedirect, { method: 'GET', ca: sim.pki.ca.cert });
  expect(page.status).toBe(200);
  expect(page.text).toContain('<form method="post">');
  return httpsCall(scaRedirect, {
    method: 'POST',
    ca: sim.pki.ca.cert,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ psuId, decision }).toString(),
  });
}

async function approvedConsent(psuId: string, body?: Record<string, unknown>): Promise<string> {
  const created = await createConsent({ body });
  const back = await decideOnScaPage(created._links.scaRedirect!.href, 'approve', psuId);
  expect(back.status).toBe(303);
  return created.consentId;
}

function tppMessage(answer: HttpAnswer) {
  return (answer.body as { tppMessages: { code: string; path?: string; text: string }[] }).tppMessages[0]!;
}

const read = (consentId: string, path: string, attended = false) =>
  tpp.call('GET', path, { headers: { 'Consent-ID': consentId, ...(attended ? { 'PSU-IP-Address': PSU_IP } : {}) } });

describe('the XS2A simulator over mutual TLS', () => {
  it('refuses a client without a certificate, and one whose certificate another CA signed', async () => {
    await expect(httpsCall(`${sim.apiUrl}/v1/accounts`, { method: 'GET', ca: sim.pki.ca.cert })).rejects.toThrow();
    const stranger = issueCertificate(createCertificateAuthority('Some other CA'), { commonName: 'intruder' });
    await expect(httpsCall(`${sim.apiUrl}/v1/accounts`, { method: 'GET', ca: sim.pki.ca.cert, cert: stranger })).rejects.toThrow();
  });

  it('runs a redirect consent: create, approve on the SCA page, read accounts, balances and every page of transactions', async () => {
    const created = await createConsent();
    expect(created.consentStatus).toBe('received');
    const scaRedirect = created._links.scaRedirect!.href;
    expect(scaRedirect.startsWith(sim.scaUrl)).toBe(true);

    const back = await decideOnScaPage(scaRedirect, 'approve', 'psu-anna');
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(REDIRECT);

    const status = await tpp.call('GET', `/v1/consents/${created.consentId}/status`);
    expect(status.body).toEqual({ consentStatus: 'valid' });
    const authorisation = await tpp.call('GET', created._links.scaStatus!.href);
    expect(authorisation.body).toEqual({ scaStatus: 'finalised' });
    const authorisations = await tpp.call('GET', `/v1/consents/${created.consentId}/authorisations`);
    expect(authorisations.body).toEqual({ authorisationIds: [created._links.scaStatus!.href.split('/').pop()] });
    const again = await httpsCall(scaRedirect, { method: 'GET', ca: sim.pki.ca.cert });
    expect(again.text).not.toContain('<form');
    expect(again.text).toContain('This request is valid.');

    const household = generateSandboxData({ seed: 'sandbox-xs2a:psu-anna', profile: 'retail', asOf: new Date(`${day(0)}T23:59:59.999Z`) });
    const consent = await tpp.call('GET', `/v1/consents/${created.consentId}`);
    expect(consent.body).toMatchObject({ consentStatus: 'valid', recurringIndicator: true, frequencyPerDay: 4, validUntil: day(90) });
    expect((consent.body as { access: { transactions: { iban: string }[] } }).access.transactions.map((r) => r.iban)).toEqual(household.accounts.map((a) => a.iban));

    const accounts = await read(created.consentId, '/v1/accounts');
    const listed = (accounts.body as { accounts: { resourceId: string; iban: string; ownerName: string; _links: Record<string, { href: string }> }[] }).accounts;
    expect(listed.map((a) => a.iban)).toEqual(household.accounts.map((a) => a.iban));
    const current = listed[0]!;
    expect(current.ownerName).toBe(household.accounts[0]!.ownerName);
    const one = await read(created.consentId, `/v1/accounts/${current.resourceId}`);
    expect(one.body).toMatchObject({ account: { resourceId: current.resourceId, iban: current.iban, cashAccountType: 'CACC' } });

    const balances = await read(created.consentId, current._links.balances!.href);
    const expectedCents = household.transactions.filter((t) => t.accountExternalId === current.resourceId).reduce((s, t) => s + Math.round(t.amount * 100), 0);
    expect((balances.body as { balances: { balanceAmount: { amount: string }; balanceType: string }[] }).balances[0]).toEqual(
      expect.objectContaining({ balanceType: 'closingBooked', balanceAmount: { currency: 'EUR', amount: (expectedCents / 100).toFixed(2) } }),
    );

    const dateFrom = day(-200);
    type Page = { transactions: { booked: Record<string, unknown>[]; _links: { next?: { href: string } } } };
    const booked: Record<string, unknown>[] = [];
    let next: string | undefined = `${current._links.transactions!.href}?bookingStatus=booked&dateFrom=${dateFrom}`;
    let pages = 0;
    while (next) {
      const page: HttpAnswer = await read(created.consentId, next);
      expect(page.status).toBe(200);
      const body = page.body as Page;
      expect(body.transactions.booked.length).toBeLessThanOrEqual(PAGE_SIZE);
      booked.push(...body.transactions.booked);
      next = body.transactions._links.next?.href;
      pages++;
    }
    const expected = household.transactions.filter((t) => t.accountExternalId === current.resourceId && t.bookingDate.slice(0, 10) >= dateFrom);
    expect(pages).toBe(Math.ceil(expected.length / PAGE_SIZE));
    expect(pages).toBeGreaterThan(2);
    expect(booked.map((t) => t.transactionId).sort()).toEqual(expected.map((t) => t.externalId).sort());
    expect(new Set(booked.map((t) => t.entryReference)).size).toBe(booked.length);

    const directDebit = booked.find((t) => t.proprietaryBankTransactionCode === 'ei' && (t.transactionAmount as { amount: string }).amount.startsWith('-'))!;
    expect(directDebit).toMatchObject({ bankTransactionCode: 'PMNT-RDDT-ESDD', mandateId: expect.any(String), creditorId: expect.stringMatching(/^NL\d\dZZZ/), creditorName: expect.any(String) });
    expect(directDebit.creditorAccount).toEqual({ iban: expect.stringMatching(/^NL/) });
    const salary = booked.find((t) => t.purposeCode === 'SALA')!;
    expect(salary).toMatchObject({ debtorName: expect.any(String), debtorAccount: { iban: expect.any(String) }, bankTransactionCode: 'PMNT-RCDT-ESCT' });
    const card = booked.find((t) => t.proprietaryBankTransactionCode === 'ba' && typeof t.merchantCategoryCode === 'string')!;
    expect(card).toMatchObject({ bankTransactionCode: 'PMNT-CCRD-POSD', creditorName: expect.any(String) });
    expect(booked.some((t) => typeof t.endToEndId === 'string')).toBe(true);
    expect(booked.some((t) => Array.isArray(t.remittanceInformationUnstructuredArray))).toBe(true);
    expect(booked.every((t) => typeof t.remittanceInformationUnstructured === 'string' || Array.isArray(t.remittanceInformationUnstructuredArray))).toBe(true);
  });

  it('runs a rejected consent: back to the TPP-Nok-Redirect-URI, and no data', async () => {
    const created = await createConsent();
    const anonymous = await decideOnScaPage(created._links.scaRedirect!.href, 'approve', '');
    expect(anonymous.status).toBe(400);
    expect(anonymous.text).toContain('Enter your user id to approve.');
    expect((await tpp.call('GET', created._links.scaStatus!.href)).body).toEqual({ scaStatus: 'started' });
    const back = await decideOnScaPage(created._links.scaRedirect!.href, 'reject', 'psu-bert');
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(NOK_REDIRECT);
    expect((await tpp.call('GET', `/v1/consents/${created.consentId}/status`)).body).toEqual({ consentStatus: 'rejected' });
    expect((await tpp.call('GET', created._links.scaStatus!.href)).body).toEqual({ scaStatus: 'failed' });
    const refused = await read(created.consentId, '/v1/accounts');
    expect(refused.status).toBe(401);
    expect(tppMessage(refused).code).toBe('CONSENT_INVALID');
  });

  it('runs a decoupled consent: the TPP polls the authorisation until the PSU approves in its app', async () => {
    const created = await createConsent({ headers: { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': 'psu-carla' } });
    expect(created._links.scaRedirect).toBeUndefined();
    const poll = () => tpp.call('GET', created._links.scaStatus!.href);
    expect((await poll()).body).toEqual({ scaStatus: 'received' });
    const early = await read(created.consentId, '/v1/accounts');
    expect(tppMessage(early).code).toBe('CONSENT_INVALID');

    const authorisationId = created._links.scaStatus!.href.split('/').pop();
    expect((await tpp.hook(`/consents/${created.consentId}/authorisations/${authorisationId}`, { decision: 'approve' })).status).toBe(204);
    expect((await poll()).body).toEqual({ scaStatus: 'finalised' });
    const twice = await tpp.hook(`/consents/${created.consentId}/authorisations/${authorisationId}`, { decision: 'reject' });
    expect(twice.status).toBe(409);
    expect(tppMessage(twice).code).toBe('STATUS_INVALID');
    const accounts = await read(created.consentId, '/v1/accounts');
    expect((accounts.body as { accounts: { iban: string }[] }).accounts.map((a) => a.iban)).toEqual(
      generateSandboxData({ seed: 'sandbox-xs2a:psu-carla', profile: 'retail', asOf: new Date() }).accounts.map((a) => a.iban),
    );

    const rejected = await createConsent({ headers: { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'psu-carla' } });
    await tpp.hook(`/consents/${rejected.consentId}/authorisations/${rejected._links.scaStatus!.href.split('/').pop()}`, { decision: 'reject' });
    expect((await tpp.call('GET', rejected._links.scaStatus!.href)).body).toEqual({ scaStatus: 'failed' });
    expect((await tpp.call('GET', `/v1/consents/${rejected.consentId}/status`)).body).toEqual({ consentStatus: 'rejected' });
  });

  it('limits unattended reads of an account to frequencyPerDay a day with ACCESS_EXCEEDED; reads with the PSU present do not count', async () => {
    const consentId = await approvedConsent('psu-dirk', consentRequest({ frequencyPerDay: 2 }));
    const accounts = ((await read(consentId, '/v1/accounts', true)).body as { accounts: { resourceId: string }[] }).accounts;
    const balances = (i: number, attended = false) => read(consentId, `/v1/accounts/${accounts[i]!.resourceId}/balances`, attended);
    expect((await balances(0)).status).toBe(200);
    expect((await balances(0)).status).toBe(200);
    const exceeded = await balances(0);
    expect(exceeded.status).toBe(429);
    expect(tppMessage(exceeded).code).toBe('ACCESS_EXCEEDED');
    expect((await balances(0, true)).status).toBe(200);
    expect((await balances(1)).status).toBe(200);

    expect((await tpp.hook('/clock', { advanceDays: 1 })).status).toBe(200);
    expect((await balances(0)).status).toBe(200);
  });

  it('expires a consent (test hook, or when validUntil has passed) with CONSENT_EXPIRED', async () => {
    const consentId = await approvedConsent('psu-eva');
    expect((await read(consentId, '/v1/accounts')).status).toBe(200);
    expect((await tpp.hook(`/consents/${consentId}/expire`)).status).toBe(204);
    const expired = await read(consentId, '/v1/accounts');
    expect(expired.status).toBe(401);
    expect(tppMessage(expired).code).toBe('CONSENT_EXPIRED');
    expect((await tpp.call('GET', `/v1/consents/${consentId}/status`)).body).toEqual({ consentStatus: 'expired' });

    const shortLived = await approvedConsent('psu-eva', consentRequest({ validUntil: day(1) }));
    expect((await read(shortLived, '/v1/accounts')).status).toBe(200);
    await tpp.hook('/clock', { advanceDays: 2 });
    expect(tppMessage(await read(shortLived, '/v1/accounts')).code).toBe('CONSENT_EXPIRED');
  });

  it('answers CONSENT_UNKNOWN for an unknown consent and for another TPP’s consent', async () => {
    const unknown = await tpp.call('GET', `/v1/consents/${randomUUID()}/status`);
    expect(unknown.status).toBe(403);
    expect(tppMessage(unknown).code).toBe('CONSENT_UNKNOWN');
    const unknownHeader = await read(randomUUID(), '/v1/accounts');
    expect(unknownHeader.status).toBe(400);
    expect(tppMessage(unknownHeader).code).toBe('CONSENT_UNKNOWN');

    const consentId = await approvedConsent('psu-fenna');
    const otherTpp = new Xs2aTestClient(sim, issueCertificate(sim.pki.ca, { commonName: 'another-tpp' }));
    const foreign = await otherTpp.call('GET', '/v1/accounts', { headers: { 'Consent-ID': consentId } });
    expect(tppMessage(foreign).code).toBe('CONSENT_UNKNOWN');
  });

  it('ends a consent the PSU revokes at the bank: revokedByPsu, and no more data', async () => {
    const consentId = await approvedConsent('psu-gijs');
    expect((await tpp.hook(`/consents/${consentId}/revoke`)).status).toBe(204);
    expect((await tpp.call('GET', `/v1/consents/${consentId}/status`)).body).toEqual({ consentStatus: 'revokedByPsu' });
    expect(tppMessage(await read(consentId, '/v1/accounts')).code).toBe('CONSENT_INVALID');
  });

  it('deletes a consent: terminatedByTpp, and no more data', async () => {
    const consentId = await approvedConsent('psu-gijs');
    const deleted = await tpp.call('DELETE', `/v1/consents/${consentId}`);
    expect(deleted.status).toBe(204);
    expect((await tpp.call('GET', `/v1/consents/${consentId}/status`)).body).toEqual({ consentStatus: 'terminatedByTpp' });
    const refused = await read(consentId, '/v1/accounts');
    expect(refused.status).toBe(401);
    expect(tppMessage(refused).code).toBe('CONSENT_INVALID');
    // Deleted again: ended, nothing to delete.
    const again = await tpp.call('DELETE', `/v1/consents/${consentId}`);
    expect({ status: again.status, code: tppMessage(again).code }).toEqual({ status: 401, code: 'CONSENT_INVALID' });
  });

  it('answers the standard’s format errors, naming the field', async () => {
    const noRequestId = await tpp.call('POST', '/v1/consents', { headers: { 'X-Request-ID': undefined, 'PSU-IP-Address': PSU_IP, 'TPP-Redirect-URI': REDIRECT }, body: consentRequest(), nonConforming: true });
    expect(noRequestId.status).toBe(400);
    expect(tppMessage(noRequestId)).toMatchObject({ code: 'FORMAT_ERROR', path: 'header X-Request-ID' });

    const { access: _dropped, ...withoutAccess } = consentRequest();
    const noAccess = await tpp.call('POST', '/v1/consents', { headers: { 'PSU-IP-Address': PSU_IP, 'TPP-Redirect-URI': REDIRECT }, body: withoutAccess, nonConforming: true });
    expect(tppMessage(noAccess)).toMatchObject({ code: 'FORMAT_ERROR', path: 'body/access' });

    const malformed = await tpp.call('POST', '/v1/consents', { headers: { 'PSU-IP-Address': PSU_IP, 'TPP-Redirect-URI': REDIRECT }, rawBody: '{"access":', nonConforming: true });
    expect(tppMessage(malformed).code).toBe('FORMAT_ERROR');

    const past = await tpp.call('POST', '/v1/consents', { headers: { 'PSU-IP-Address': PSU_IP, 'TPP-Redirect-URI': REDIRECT }, body: consentRequest({ validUntil: day(-1) }) });
    expect(past.status).toBe(400);
    expect(tppMessage(past)).toMatchObject({ code: 'TIMESTAMP_INVALID', path: 'validUntil' });

    const consentId = await approvedConsent('psu-hanna');
    const accountId = ((await read(consentId, '/v1/accounts', true)).body as { accounts: { resourceId: string }[] }).accounts[0]!.resourceId;
    const period = await read(consentId, `/v1/accounts/${accountId}/transactions?bookingStatus=booked&dateFrom=${day(-10)}&dateTo=${day(-20)}`, true);
    expect(period.status).toBe(400);
    expect(tppMessage(period)).toMatchObject({ code: 'PERIOD_INVALID', path: 'query dateFrom' });
    const noDateFrom = await read(consentId, `/v1/accounts/${accountId}/transactions?bookingStatus=booked`, true);
    expect(tppMessage(noDateFrom)).toMatchObject({ code: 'FORMAT_ERROR', path: 'query dateFrom' });
  });

  it('serves only what the access asks for: dedicated accounts, or the list of accounts alone', async () => {
    const household = generateSandboxData({ seed: 'sandbox-xs2a:psu-jan', profile: 'retail', asOf: new Date(`${day(0)}T23:59:59.999Z`) });
    const [current, savings] = household.accounts;
    const dedicated = await approvedConsent('psu-jan', consentRequest({ access: { accounts: [{ iban: current!.iban }], balances: [{ iban: current!.iban }] } }));
    const listed = ((await read(dedicated, '/v1/accounts', true)).body as { accounts: { resourceId: string; _links: Record<string, unknown> }[] }).accounts;
    expect(listed.map((a) => a.resourceId)).toEqual([current!.externalId]);
    expect(Object.keys(listed[0]!._links)).toEqual(['balances']);
    expect((await read(dedicated, `/v1/accounts/${current!.externalId}/balances`, true)).status).toBe(200);
    const noTransactions = await read(dedicated, `/v1/accounts/${current!.externalId}/transactions?bookingStatus=booked&dateFrom=${day(-30)}`, true);
    expect(noTransactions.status).toBe(401);
    expect(tppMessage(noTransactions).code).toBe('CONSENT_INVALID');
    expect(tppMessage(await read(dedicated, `/v1/accounts/${savings!.externalId}/balances`, true)).code).toBe('CONSENT_INVALID');
    const nowhere = await read(dedicated, '/v1/accounts/acc-0000000000000000/balances', true);
    expect(nowhere.status).toBe(404);
    expect(tppMessage(nowhere).code).toBe('RESOURCE_UNKNOWN');

    const listOnly = await approvedConsent('psu-jan', consentRequest({ access: { availableAccounts: 'allAccounts' }, recurringIndicator: false, frequencyPerDay: 1 }));
    const accounts = ((await read(listOnly, '/v1/accounts', true)).body as { accounts: { iban: string; _links: Record<string, unknown> }[] }).accounts;
    expect(accounts.map((a) => a.iban)).toEqual(household.accounts.map((a) => a.iban));
    expect(accounts.every((a) => Object.keys(a._links).length === 0)).toBe(true);
    expect(tppMessage(await read(listOnly, `/v1/accounts/${current!.externalId}/balances`, true)).code).toBe('CONSENT_INVALID');
  });

  it('grants at most 180 days', async () => {
    const consentId = await approvedConsent('psu-ivo', consentRequest({ validUntil: day(400) }));
    expect((await tpp.call('GET', `/v1/consents/${consentId}`)).body).toMatchObject({ validUntil: day(180) });
  });

  it('shows the PSU id and the request on the SCA page as text', async () => {
    const created = await createConsent({ headers: { 'PSU-ID': '"><script>alert(1)</script>' } });
    const page = await httpsCall(created._links.scaRedirect!.href, { method: 'GET', ca: sim.pki.ca.cert });
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});

describe('a bank that requires HTTP message signing (QSealC)', () => {
  let signed: RunningXs2aSimulator;
  beforeAll(async () => {
    signed = await startXs2aSimulator({ requireSignatures: true, pki: sim.pki });
  });
  afterAll(async () => {
    await signed.close();
  });

  const clientWith = (signing?: { certificate: string; key: string }) =>
    new Xs2aClient({ baseUrl: signed.apiUrl, tls: { certificate: sim.pki.client.cert, key: sim.pki.client.key, caBundle: sim.pki.ca.cert }, requestTimeoutMs: 10_000, ...(signing ? { signing } : {}) });
  const request = () => ({ access: { allPsd2: 'allAccounts' as const }, validUntil: day(30), frequencyPerDay: 4, psuIpAddress: PSU_IP, approach: 'redirect' as const, redirectUri: REDIRECT, nokRedirectUri: NOK_REDIRECT });

  async function codesOf(call: () => Promise<unknown>): Promise<{ status: number; codes: readonly string[] }> {
    try {
      await call();
      return { status: 0, codes: [] };
    } catch (error) {
      const bank = error as Xs2aBankError;
      return { status: bank.status, codes: bank.codes };
    }
  }

  it('takes a request signed with the QSealC (Digest, Signature, TPP-Signature-Certificate), for a body and without', async () => {
    const qseal = issueCertificate(sim.pki.ca, { commonName: 'sandbox-tpp-qseal' });
    const client = clientWith({ certificate: qseal.cert, key: qseal.key });
    try {
      const created = await client.createConsent(request());
      expect(await client.consentStatus(created.consentId)).toBe('received');
    } finally {
      client.close();
    }
  });

  it('answers SIGNATURE_MISSING without a signature and SIGNATURE_INVALID for a key that is not the certificate’s or a body changed after signing', async () => {
    const unsigned = clientWith();
    const qseal = issueCertificate(sim.pki.ca, { commonName: 'sandbox-tpp-qseal' });
    const other = issueCertificate(sim.pki.ca, { commonName: 'someone-else' });
    const wrongKey = clientWith({ certificate: qseal.cert, key: other.key });
    try {
      expect(await codesOf(() => unsigned.createConsent(request()))).toEqual({ status: 401, codes: ['SIGNATURE_MISSING'] });
      expect(await codesOf(() => wrongKey.createConsent(request()))).toEqual({ status: 401, codes: ['SIGNATURE_INVALID'] });
    } finally {
      unsigned.close();
      wrongKey.close();
    }
    // Signed, then the body changed on the way: the Digest no longer holds.
    const body = JSON.stringify({ access: { allPsd2: 'allAccounts' }, recurringIndicator: true, validUntil: day(30), frequencyPerDay: 4, combinedServiceIndicator: false });
    const headers = { 'Content-Type': 'application/json', 'X-Request-ID': randomUUID(), 'PSU-IP-Address': PSU_IP, 'TPP-Redirect-URI': REDIRECT };
    const tampered = await httpsCall(`${signed.apiUrl}/v1/consents`, {
      method: 'POST',
      ca: sim.pki.ca.cert,
      cert: sim.pki.client,
      headers: { ...headers, ...signatureHeaders({ certificate: qseal.cert, key: qseal.key }, headers, body) },
      body: body.replace('"frequencyPerDay":4', '"frequencyPerDay":3'),
    });
    expect({ status: tampered.status, codes: (tampered.body as { tppMessages: { code: string }[] }).tppMessages.map((m) => m.code) }).toEqual({ status: 401, codes: ['SIGNATURE_INVALID'] });
  });
});

describe('a bank that gives each consent its own resourceIds', () => {
  let perConsent: RunningXs2aSimulator;
  beforeAll(async () => {
    perConsent = await startXs2aSimulator({ resourceIdsPerConsent: true, pki: sim.pki });
  });
  afterAll(async () => {
    await perConsent.close();
  });

  it('lists the same accounts under new ids for a second consent of the PSU, serves each id to its own consent only, with the same transactions', async () => {
    const client = new Xs2aClient({ baseUrl: perConsent.apiUrl, tls: { certificate: sim.pki.client.cert, key: sim.pki.client.key, caBundle: sim.pki.ca.cert }, requestTimeoutMs: 10_000 });
    try {
      const granted = async () => {
        const { consentId } = await client.createConsent({ access: { allPsd2: 'allAccounts' }, validUntil: day(30), frequencyPerDay: 4, psuIpAddress: PSU_IP, approach: 'redirect', redirectUri: REDIRECT, nokRedirectUri: NOK_REDIRECT }, AbortSignal.timeout(10_000));
        const atBank = perConsent.bank.consentForPsu(consentId)!;
        perConsent.bank.decide(atBank, atBank.authorisation.id, 'approve', 'psu-twice');
        return consentId;
      };
      const [first, second] = [await granted(), await granted()];
      const [before, after] = [await client.accounts(first, AbortSignal.timeout(10_000)), await client.accounts(second, AbortSignal.timeout(10_000))];
      expect(after.map((a) => `${a.iban}|${a.currency}`)).toEqual(before.map((a) => `${a.iban}|${a.currency}`));
      expect(after.filter((a) => before.some((b) => b.resourceId === a.resourceId))).toEqual([]);

      const from = day(-60);
      const booked = async (consentId: string, resourceId: string) => (await client.bookedTransactions(consentId, resourceId, from, AbortSignal.timeout(10_000))).map((t) => t.transactionId);
      expect(await booked(second, after[0]!.resourceId)).toEqual(await booked(first, before[0]!.resourceId));
      await expect(booked(second, before[0]!.resourceId)).rejects.toMatchObject({ codes: ['RESOURCE_UNKNOWN'] });
    } finally {
      client.close();
    }
  });
});
