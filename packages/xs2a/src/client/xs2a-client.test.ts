import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createVerify } from 'node:crypto';
import { generateSandboxData } from '@obp/sandbox-bank';
import { createCertificateAuthority, issueCertificate } from '../simulator/certificates';
import { startXs2aSimulator, type RunningXs2aSimulator } from '../simulator/start-simulator';
import { httpsCall } from '../simulator/xs2a-client.fixture';
import { signingStringOf } from './message-signing';
import { withExternalIds } from './platform-transaction';
import { Xs2aClient, type Xs2aBankSettings } from './xs2a-client';
import { Xs2aBankError, Xs2aInvalidAnswer, Xs2aUnreachable } from './xs2a-errors';

const PAGE_SIZE = 40;
let sim: RunningXs2aSimulator;
let client: Xs2aClient;

const settingsFor = (s: RunningXs2aSimulator, extra: Partial<Xs2aBankSettings> = {}): Xs2aBankSettings => ({
  baseUrl: s.apiUrl,
  tls: { certificate: s.pki.client.cert, key: s.pki.client.key, caBundle: s.pki.ca.cert },
  requestTimeoutMs: 10_000,
  ...extra,
});

beforeAll(async () => {
  sim = await startXs2aSimulator({ testHooks: true, pageSize: PAGE_SIZE });
  client = new Xs2aClient(settingsFor(sim));
});

afterAll(async () => {
  client.close();
  await sim.close();
});

const day = (offset: number) => new Date(sim.bank.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);

async function approvedConsent(psuId: string, frequencyPerDay = 4): Promise<string> {
  const created = await client.createConsent({
    access: { allPsd2: 'allAccounts' },
    validUntil: day(90),
    frequencyPerDay,
    psuIpAddress: '192.168.1.10',
    approach: 'redirect',
    redirectUri: 'https://tpp.example/callback?ok=1',
    nokRedirectUri: 'https://tpp.example/callback?ok=0',
  });
  expect(created.scaRedirect?.startsWith(sim.scaUrl)).toBe(true);
  expect(await client.consentStatus(created.consentId)).toBe('received');
  const back = await httpsCall(created.scaRedirect!, {
    method: 'POST',
    ca: sim.pki.ca.cert,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ psuId, decision: 'approve' }).toString(),
  });
  expect(back.headers.location).toBe('https://tpp.example/callback?ok=1');
  return created.consentId;
}

describe('Xs2aClient against the simulated bank', () => {
  it('creates a consent, reads the accounts and every page of booked transactions, each kept once under the bank’s id', async () => {
    const consentId = await approvedConsent('psu-client-anna');
    expect(await client.consentStatus(consentId)).toBe('valid');
    const accounts = await client.accounts(consentId);
    const household = generateSandboxData({ seed: 'sandbox-xs2a:psu-client-anna', profile: 'retail', asOf: new Date(`${day(0)}T23:59:59.999Z`), months: 14 });
    expect(accounts.map((a) => a.iban).sort()).toEqual(household.accounts.map((a) => a.iban).sort());

    const current = accounts.find((a) => a.cashAccountType === 'CACC')!;
    const from = day(-120);
    const booked = await client.bookedTransactions(consentId, current.resourceId, from);
    const expected = household.transactions.filter((t) => t.accountExternalId === current.resourceId && t.bookingDate.slice(0, 10) >= from);
    expect(expected.length).toBeGreaterThan(PAGE_SIZE * 2);
    expect(booked).toHaveLength(expected.length);
    const mapped = withExternalIds(booked);
    expect(mapped.map((t) => t.externalId).sort()).toEqual(expected.map((t) => `id:${t.externalId}`).sort());
    const card = mapped.find((t) => t.merchantCategoryCode === '5411');
    expect(card).toMatchObject({ transactionType: 'ba', bankTransactionCode: expect.stringMatching(/^PMNT-/) });
    const directDebit = mapped.find((t) => t.mandateId);
    expect(directDebit).toMatchObject({ creditorSchemeId: expect.any(String), amount: expect.any(Number), counterpartName: expect.any(String) });
  });

  it('answers the standard’s error codes as Xs2aBankError: ACCESS_EXCEEDED past frequencyPerDay, CONSENT_EXPIRED, CONSENT_UNKNOWN', async () => {
    const consentId = await approvedConsent('psu-client-bert', 1);
    await client.accounts(consentId);
    const exceeded = await client.accounts(consentId).catch((e: unknown) => e);
    expect(exceeded).toBeInstanceOf(Xs2aBankError);
    expect((exceeded as Xs2aBankError).status).toBe(429);
    expect((exceeded as Xs2aBankError).has('ACCESS_EXCEEDED')).toBe(true);

    sim.bank.expire(sim.bank.consentForPsu(consentId)!);
    const expired = (await client.accounts(consentId).catch((e: unknown) => e)) as Xs2aBankError;
    expect(expired.codes).toEqual(['CONSENT_EXPIRED']);

    const unknown = (await client.consentStatus('no-such-consent').catch((e: unknown) => e)) as Xs2aBankError;
    expect(unknown.codes).toEqual(['CONSENT_UNKNOWN']);
  });

  it('deletes a consent at the bank: reads after it are CONSENT_INVALID', async () => {
    const consentId = await approvedConsent('psu-client-carla');
    await client.deleteConsent(consentId);
    expect(await client.consentStatus(consentId)).toBe('terminatedByTpp');
    const after = (await client.accounts(consentId).catch((e: unknown) => e)) as Xs2aBankError;
    expect(after.codes).toEqual(['CONSENT_INVALID']);
  });

  it('is refused in the TLS handshake with a certificate the bank’s CA did not sign', async () => {
    const stranger = issueCertificate(sim.pki.ca, { commonName: 'stranger' });
    const foreignCa = createCertificateAuthority('Foreign CA');
    const foreign = issueCertificate(foreignCa, { commonName: 'foreign tpp' });
    const refused = new Xs2aClient(settingsFor(sim, { tls: { certificate: foreign.cert, key: foreign.key, caBundle: sim.pki.ca.cert } }));
    try {
      await expect(refused.consentStatus('x')).rejects.toBeInstanceOf(Xs2aUnreachable);
    } finally {
      refused.close();
    }
    // Another TPP the CA did sign reaches the bank, but not the first TPP's consents.
    const other = new Xs2aClient(settingsFor(sim, { tls: { certificate: stranger.cert, key: stranger.key, caBundle: sim.pki.ca.cert } }));
    try {
      const consentId = await approvedConsent('psu-client-dora');
      await expect(other.consentStatus(consentId)).rejects.toMatchObject({ codes: ['CONSENT_UNKNOWN'] });
    } finally {
      other.close();
    }
  });

  it('signs requests when configured: Digest, Signature over the covered headers, TPP-Signature-Certificate', async () => {
    const sealer = issueCertificate(sim.pki.ca, { commonName: 'tpp qseal' });
    const seen: Record<string, string>[] = [];
    const bank = await nonsenseBank(sim, (headers) => {
      seen.push(headers);
      return { status: 200, body: { consentStatus: 'valid' } };
    });
    const signing = new Xs2aClient({ ...settingsFor(sim), baseUrl: bank.url, signing: { certificate: sealer.cert, key: sealer.key } });
    try {
      expect(await signing.consentStatus('c1')).toBe('valid');
    } finally {
      signing.close();
      await bank.close();
    }
    const headers = seen[0]!;
    expect(headers.digest).toBe('SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
    expect(headers.signature).toMatch(/^keyId="SN=[0-9A-F]+,CA=.*",algorithm="rsa-sha256",headers="digest x-request-id date",signature="/);
    const signature = /signature="([^"]+)"$/.exec(headers.signature!)![1]!;
    const verified = createVerify('RSA-SHA256').update(signingStringOf(headers, headers.signature!)).verify(sealer.cert, signature, 'base64');
    expect(verified).toBe(true);
    expect(Buffer.from(headers['tpp-signature-certificate']!, 'base64').length).toBeGreaterThan(500);
  });

  it('refuses a bank answering nonsense: a body off the document, not JSON, a link off the bank, a next link that loops', async () => {
    const answers = [
      { status: 200, body: { accounts: [{ iban: 'NL00BANK0123456789' }] } },
      { status: 200, raw: '<html>maintenance</html>' },
      { status: 200, body: { account: { iban: 'NL91ABNA0417164300' }, transactions: { booked: [], _links: { account: { href: '/v1/accounts/a' }, next: { href: 'https://elsewhere.example/v1/accounts/a/transactions?pageIndex=1' } } } } },
      { status: 200, body: { account: { iban: 'NL91ABNA0417164300' }, transactions: { booked: [], _links: { account: { href: '/v1/accounts/a' }, next: { href: '/v1/accounts/a/transactions?bookingStatus=booked&dateFrom=2024-01-01' } } } } },
      { status: 200, body: { account: { iban: 'NL91ABNA0417164300' }, transactions: { booked: [], _links: { account: { href: '/v1/accounts/a' }, next: { href: '/v1/accounts/a/transactions?bookingStatus=booked&dateFrom=2024-01-01' } } } } },
    ];
    const bank = await nonsenseBank(sim, () => answers.shift()!);
    const nonsense = new Xs2aClient({ ...settingsFor(sim), baseUrl: bank.url });
    try {
      await expect(nonsense.accounts('c1')).rejects.toThrow(/does not conform.*body\/accounts\/0\/currency: is required/);
      await expect(nonsense.accounts('c1')).rejects.toThrow(/not JSON/);
      await expect(nonsense.bookedTransactions('c1', 'a', '2024-01-01')).rejects.toThrow(/off the bank's interface/);
      const loop = await nonsense.bookedTransactions('c1', 'a', '2024-01-01').catch((e: unknown) => e);
      expect(loop).toBeInstanceOf(Xs2aInvalidAnswer);
      expect(String(loop)).toMatch(/leads back to a page already read/);
    } finally {
      nonsense.close();
      await bank.close();
    }
  });

  it('sends a request again on a new connection when the bank closed the kept-alive one it went out on', async () => {
    let served = 0;
    const bank = await nonsenseBank(sim, () => {
      served++;
      return { status: 200, body: { consentStatus: 'valid' } };
    }, { closeReusedConnections: true });
    const client = new Xs2aClient({ ...settingsFor(sim), baseUrl: bank.url });
    try {
      expect(await client.consentStatus('c1')).toBe('valid');
      expect(await client.consentStatus('c1')).toBe('valid');
      expect(served).toBe(2);
    } finally {
      client.close();
      await bank.close();
    }
  });

  it('makes a consent on a connection of its own, never on a kept-alive one the bank may be closing (a creation cannot be sent twice)', async () => {
    const self = '/v1/consents/c9';
    const made = { consentStatus: 'received', consentId: 'c9', _links: { scaRedirect: { href: 'https://localhost/sca/c9/a1' }, self: { href: self }, status: { href: `${self}/status` } } };
    const bank = await nonsenseBank(
      sim,
      (headers) => (headers['psu-ip-address'] ? { status: 201, headers: { Location: `https://localhost${self}`, 'ASPSP-SCA-Approach': 'REDIRECT' }, body: made } : { status: 200, body: { consentStatus: 'valid' } }),
      { closeReusedConnections: true },
    );
    const client = new Xs2aClient({ ...settingsFor(sim), baseUrl: bank.url });
    try {
      expect(await client.consentStatus('c1')).toBe('valid');
      const created = await client.createConsent({ access: { allPsd2: 'allAccounts' }, validUntil: day(30), frequencyPerDay: 4, psuIpAddress: '198.51.100.4', approach: 'redirect', redirectUri: 'https://tpp.example/ok', nokRedirectUri: 'https://tpp.example/nok' });
      expect(created.consentId).toBe('c9');
    } finally {
      client.close();
      await bank.close();
    }
  });

  it('gives up on a bank that does not answer within the request timeout', async () => {
    const bank = await nonsenseBank(sim, () => ({ status: 200, hang: true }));
    const slow = new Xs2aClient({ ...settingsFor(sim), baseUrl: bank.url, requestTimeoutMs: 300 });
    try {
      const error = (await slow.consentStatus('c1').catch((e: unknown) => e)) as Xs2aUnreachable;
      expect(error).toBeInstanceOf(Xs2aUnreachable);
      expect(error.timedOut).toBe(true);
    } finally {
      slow.close();
      await bank.close();
    }
  });
});

interface Canned {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  raw?: string;
  hang?: boolean;
}

/** A bank that answers what the test says, over mutual TLS with the simulator's certificates. */
async function nonsenseBank(
  s: RunningXs2aSimulator,
  answer: (headers: Record<string, string>) => Canned,
  options: { closeReusedConnections?: boolean } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const used = new WeakSet<object>();
  const server: Server = createServer({ key: s.pki.server.key, cert: s.pki.server.cert, ca: s.pki.ca.cert, requestCert: true, rejectUnauthorized: true }, (req, res) => {
    // As a bank whose idle timeout closed the connection just as the client sent on it.
    if (options.closeReusedConnections && used.has(req.socket)) return void req.socket.destroy();
    used.add(req.socket);
    const canned = answer(req.headers as Record<string, string>);
    if (canned.hang) return;
    res.writeHead(canned.status, { 'Content-Type': canned.raw ? 'text/html' : 'application/json', 'X-Request-ID': String(req.headers['x-request-id']), ...canned.headers });
    res.end(canned.raw ?? JSON.stringify(canned.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
