import { createHash, createVerify, randomUUID, X509Certificate } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { SandboxAccount } from '@obp/sandbox-bank';
import { formatIssues, xs2aValidator } from '../document/xs2a-validator';
import { Xs2aError } from './errors';
import { accountDetails, accountReference, transactionDetails } from './households';
import type { AccountAccess, ScaApproach, SimulatedBank, SimulatedConsent } from './simulated-bank';

export interface Xs2aApiAppOptions {
  /**
   * Serve `/sandbox-test-hooks/...`: approve or reject a decoupled authorisation, expire or revoke a consent, move
   * the clock. Off unless asked for; never on in front of anything real.
   */
  testHooks?: boolean;
  /**
   * The bank requires HTTP message signing (a QSealC): every request must carry `Digest` (SHA-256 of its body),
   * `Signature` over at least `digest` and `x-request-id` and `TPP-Signature-Certificate`; else SIGNATURE_MISSING,
   * SIGNATURE_INVALID or CERTIFICATE_INVALID (401).
   */
  requireSignatures?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The simulated bank's XS2A interface (account information): consents, their authorisations, accounts, balances
 * and transactions, as the Berlin Group document defines them. Every request is checked against the document
 * first and answered FORMAT_ERROR, naming the field, when it does not conform.
 */
export function createXs2aApiApp(bank: SimulatedBank, options: Xs2aApiAppOptions = {}): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  app.use((req, res, next) => {
    const id = req.get('X-Request-ID');
    // Echo the TPP's id; an answer to a request without a usable one still carries one, as the document requires.
    res.set('X-Request-ID', id && UUID.test(id) ? id : randomUUID());
    next();
  });
  app.use(
    express.json({
      type: ['application/json', 'application/*+json'],
      limit: '64kb',
      verify: (req, _res, raw) => {
        (req as Request & { rawBody?: Buffer }).rawBody = raw;
      },
    }),
  );

  if (options.testHooks) app.use('/sandbox-test-hooks', testHooks(bank));

  if (options.requireSignatures) {
    app.use('/v1', (req, _res, next) => {
      checkSignature(req);
      next();
    });
  }

  app.use('/v1', (req, _res, next) => {
    const path = `/v1${req.path}`;
    const validator = xs2aValidator();
    if (!validator.findOperation(req.method, path)) return next(new Xs2aError('SERVICE_INVALID', `This bank does not offer ${req.method} ${path}.`));
    const issues = validator.validateRequest({ method: req.method, path, query: req.query as Record<string, string>, headers: req.headers, body: hasBody(req) ? req.body : undefined });
    if (issues.length > 0) return next(new Xs2aError('FORMAT_ERROR', formatIssues(issues), issues[0]!.at));
    next();
  });

  app.post('/v1/consents', (req, res) => {
    const body = req.body as { access: AccountAccess; recurringIndicator: boolean; validUntil: string; frequencyPerDay: number };
    const approach = scaApproach(req);
    const redirectUri = req.get('TPP-Redirect-URI') ?? undefined;
    if (approach === 'REDIRECT' && !redirectUri) throw new Xs2aError('FORMAT_ERROR', 'TPP-Redirect-URI is required for the redirect approach.', 'header TPP-Redirect-URI');
    const psuId = req.get('PSU-ID') ?? undefined;
    if (approach === 'DECOUPLED' && !psuId) throw new Xs2aError('FORMAT_ERROR', 'PSU-ID is required for the decoupled approach.', 'header PSU-ID');
    const consent = bank.createConsent({
      tpp: tppOf(req),
      access: body.access,
      recurringIndicator: body.recurringIndicator,
      validUntil: body.validUntil,
      frequencyPerDay: body.frequencyPerDay,
      approach,
      psuId,
      redirectUri,
      nokRedirectUri: req.get('TPP-Nok-Redirect-URI') ?? undefined,
    });
    const self = `/v1/consents/${consent.id}`;
    const scaStatus = { href: `${self}/authorisations/${consent.authorisation.id}` };
    res.status(201).set({ Location: `${baseUrl(req)}${self}`, 'ASPSP-SCA-Approach': approach });
    if (approach === 'REDIRECT') {
      res.json({
        consentStatus: consent.status,
        consentId: consent.id,
        _links: { scaRedirect: { href: `${bank.scaBaseUrl}/sca/${consent.id}/${consent.authorisation.id}` }, self: { href: self }, status: { href: `${self}/status` }, scaStatus },
      });
    } else {
      res.json({
        consentStatus: consent.status,
        consentId: consent.id,
        scaStatus: consent.authorisation.scaStatus,
        psuMessage: `Please confirm the access in the ${bank.bankName} app.`,
        _links: { self: { href: self }, status: { href: `${self}/status` }, scaStatus },
      });
    }
  });

  app.get('/v1/consents/:consentId', (req, res) => {
    const consent = bank.consentOf(param(req, 'consentId'), tppOf(req));
    res.json({
      access: bank.grantedAccess(consent),
      recurringIndicator: consent.recurringIndicator,
      validUntil: consent.validUntil,
      frequencyPerDay: consent.frequencyPerDay,
      lastActionDate: consent.lastActionDate,
      consentStatus: consent.status,
      _links: { status: { href: `/v1/consents/${consent.id}/status` } },
    });
  });

  app.get('/v1/consents/:consentId/status', (req, res) => {
    res.json({ consentStatus: bank.consentOf(param(req, 'consentId'), tppOf(req)).status });
  });

  app.get('/v1/consents/:consentId/authorisations', (req, res) => {
    res.json({ authorisationIds: [bank.consentOf(param(req, 'consentId'), tppOf(req)).authorisation.id] });
  });

  app.get('/v1/consents/:consentId/authorisations/:authorisationId', (req, res) => {
    const consent = bank.consentOf(param(req, 'consentId'), tppOf(req));
    if (consent.authorisation.id !== param(req, 'authorisationId')) throw new Xs2aError('RESOURCE_UNKNOWN', 'No such authorisation of this consent.', 'authorisationId', 403);
    res.json({ scaStatus: consent.authorisation.scaStatus });
  });

  app.delete('/v1/consents/:consentId', (req, res) => {
    const consent = bank.consentOf(param(req, 'consentId'), tppOf(req));
    // An ended consent cannot be deleted: the answers a TPP must take as "gone already".
    if (consent.status === 'expired') throw new Xs2aError('CONSENT_EXPIRED', `The consent expired (valid until ${consent.validUntil}).`);
    if (consent.status !== 'valid' && consent.status !== 'received') throw new Xs2aError('CONSENT_INVALID', `The consent is ${consent.status}: there is nothing to delete.`);
    bank.terminate(consent);
    res.status(204).end();
  });

  app.get('/v1/accounts', (req, res) => {
    const consent = consentFromHeader(bank, req);
    const { accounts } = bank.authoriseRead(consent, 'accounts', undefined, unattended(req));
    res.json({ accounts: accounts.map((a) => details(bank, consent, a)) });
  });

  app.get('/v1/accounts/:accountId', (req, res) => {
    const consent = consentFromHeader(bank, req);
    const accountId = param(req, 'accountId');
    const { account } = bank.authoriseRead(consent, 'account', accountId, unattended(req));
    res.json({ account: details(bank, consent, account!) });
  });

  app.get('/v1/accounts/:accountId/balances', (req, res) => {
    const consent = consentFromHeader(bank, req);
    const accountId = param(req, 'accountId');
    const { account, psuId } = bank.authoriseRead(consent, 'balances', accountId, unattended(req));
    res.json({ account: accountReference(account!), balances: balances(bank, psuId, account!) });
  });

  app.get('/v1/accounts/:accountId/transactions', (req, res) => {
    const consent = consentFromHeader(bank, req);
    const accountId = param(req, 'accountId');
    const q = req.query as Record<string, string | undefined>;
    const bookingStatus = q.bookingStatus!;
    if (bookingStatus !== 'booked' && bookingStatus !== 'both' && bookingStatus !== 'pending') {
      throw new Xs2aError('PARAMETER_NOT_SUPPORTED', `bookingStatus ${bookingStatus} is not supported by this bank.`, 'query bookingStatus');
    }
    if (q.deltaList !== undefined || q.entryReferenceFrom !== undefined) throw new Xs2aError('PARAMETER_NOT_SUPPORTED', 'This bank does not offer delta reports.', 'query deltaList');
    if (!q.dateFrom) throw new Xs2aError('FORMAT_ERROR', 'dateFrom is required (this bank offers no delta reports).', 'query dateFrom');
    const today = bank.today();
    const dateFrom = q.dateFrom;
    const dateTo = q.dateTo ?? today;
    if (dateFrom > dateTo) throw new Xs2aError('PERIOD_INVALID', `dateFrom ${dateFrom} is after dateTo ${dateTo}.`, 'query dateFrom');
    if (dateFrom > today) throw new Xs2aError('PERIOD_INVALID', `dateFrom ${dateFrom} is in the future.`, 'query dateFrom');
    const earliest = unattended(req) ? bank.unattendedFrom() : undefined;
    if (earliest && dateFrom < earliest) throw new Xs2aError('PERIOD_INVALID', `Without the PSU this bank serves transactions from ${earliest} on.`, 'query dateFrom');
    const pageIndex = q.pageIndex === undefined ? 0 : Number(q.pageIndex);
    const perPage = Math.min(bank.pageSize, q.itemsPerPage === undefined ? bank.pageSize : Number(q.itemsPerPage));
    if (pageIndex < 0) throw new Xs2aError('FORMAT_ERROR', 'pageIndex must be 0 or more.', 'query pageIndex');
    if (perPage < 1) throw new Xs2aError('FORMAT_ERROR', 'itemsPerPage must be 1 or more.', 'query itemsPerPage');
    const { account, psuId } = bank.authoriseRead(consent, 'transactions', accountId, unattended(req) && pageIndex === 0);
    const base = `/v1/accounts/${encodeURIComponent(accountId)}`;
    const booked =
      bookingStatus === 'pending'
        ? []
        : bank.households
            .of(psuId, today)
            .transactions.filter((t) => t.accountExternalId === account!.externalId && t.bookingDate.slice(0, 10) >= dateFrom && t.bookingDate.slice(0, 10) <= dateTo)
            .map((t, index) => ({ t, index }))
            .sort((a, b) => a.t.bookingDate.localeCompare(b.t.bookingDate) || a.index - b.index)
            .map(({ t }) => t);
    const pages = Math.max(1, Math.ceil(booked.length / perPage));
    const page = (n: number) => {
      const query = new URLSearchParams({ bookingStatus, dateFrom, dateTo, itemsPerPage: String(perPage), pageIndex: String(n) });
      return { href: `${base}/transactions?${query.toString()}` };
    };
    const list = booked.slice(pageIndex * perPage, (pageIndex + 1) * perPage).map(transactionDetails);
    res.json({
      account: accountReference(account!),
      transactions: {
        ...(bookingStatus === 'pending' ? {} : { booked: list }),
        ...(bookingStatus === 'booked' ? {} : { pending: [] }),
        _links: {
          account: { href: base },
          first: page(0),
          ...(pageIndex > 0 ? { previous: page(Math.min(pageIndex, pages) - 1) } : {}),
          ...(pageIndex + 1 < pages ? { next: page(pageIndex + 1) } : {}),
          last: page(pages - 1),
        },
      },
      ...(q.withBalance === 'true' ? { balances: balances(bank, psuId, account!) } : {}),
    });
  });

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const error =
      err instanceof Xs2aError
        ? err
        : isBodyParseError(err)
          ? new Xs2aError('FORMAT_ERROR', 'The body is not valid JSON.', 'body')
          : undefined;
    if (!error) {
      res.status(500).json({ tppMessages: [{ category: 'ERROR', code: 'INTERNAL_SERVER_ERROR', text: 'The bank could not answer.' }] });
      return;
    }
    res.status(error.status).json(error.body());
  });
  return app;
}

function testHooks(bank: SimulatedBank): express.Router {
  const hooks = express.Router();
  const consentOrThrow = (req: Request) => {
    const consent = bank.consentForPsu(param(req, 'consentId'));
    if (!consent) throw new Xs2aError('CONSENT_UNKNOWN', 'No such consent.');
    return consent;
  };
  hooks.post('/consents/:consentId/authorisations/:authorisationId', (req, res) => {
    const body = (req.body ?? {}) as { decision?: unknown; psuId?: unknown };
    if (body.decision !== 'approve' && body.decision !== 'reject') throw new Xs2aError('FORMAT_ERROR', 'decision must be "approve" or "reject".', 'decision');
    bank.decide(consentOrThrow(req), param(req, 'authorisationId'), body.decision, typeof body.psuId === 'string' ? body.psuId : undefined);
    res.status(204).end();
  });
  hooks.post('/consents/:consentId/expire', (req, res) => {
    bank.expire(consentOrThrow(req));
    res.status(204).end();
  });
  hooks.post('/consents/:consentId/revoke', (req, res) => {
    bank.revoke(consentOrThrow(req));
    res.status(204).end();
  });
  hooks.post('/clock', (req, res) => {
    const days = (req.body as { advanceDays?: unknown } | undefined)?.advanceDays;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 0 || days > 400) throw new Xs2aError('FORMAT_ERROR', 'advanceDays must be a whole number of days from 0 to 400.', 'advanceDays');
    bank.advanceDays(days);
    res.json({ today: bank.today() });
  });
  return hooks;
}

function scaApproach(req: Request): ScaApproach {
  if (req.get('TPP-Decoupled-Preferred') === 'true') return 'DECOUPLED';
  if (req.get('TPP-Redirect-Preferred') === 'false') return 'DECOUPLED';
  return 'REDIRECT';
}

function consentFromHeader(bank: SimulatedBank, req: Request): SimulatedConsent {
  // The Guidelines answer an unknown Consent-ID given in a header with 400, one given in the path with 403.
  return bank.consentOf(req.get('Consent-ID')!, tppOf(req), 400);
}

/** A read the PSU does not take part in: the standard counts these against `frequencyPerDay`. */
function unattended(req: Request): boolean {
  return req.get('PSU-IP-Address') === undefined;
}

function details(bank: SimulatedBank, consent: SimulatedConsent, account: SandboxAccount) {
  const access = consent.access;
  const full = !access.availableAccounts && !access.availableAccountsWithBalance;
  const covers = (list: { iban?: string }[] | undefined) => full && (access.allPsd2 !== undefined || list?.length === 0 || !!list?.some((r) => r.iban === account.iban));
  return accountDetails(account, bank.resourceIdOf(consent, account), { balances: covers(access.balances), transactions: covers(access.transactions) }, bank.profile === 'business' ? 'ORGA' : 'PRIV');
}

function balances(bank: SimulatedBank, psuId: string, account: SandboxAccount) {
  const today = bank.today();
  const cents = bank.households
    .of(psuId, today)
    .transactions.filter((t) => t.accountExternalId === account.externalId)
    .reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
  const amount = { currency: account.currency, amount: (cents / 100).toFixed(2) };
  return [
    { balanceAmount: amount, balanceType: 'closingBooked', referenceDate: today },
    { balanceAmount: amount, balanceType: 'interimAvailable', lastChangeDateTime: bank.now().toISOString() },
  ];
}

function tppOf(req: Request): string {
  const socket = req.socket as Partial<TLSSocket>;
  return socket.getPeerCertificate?.()?.fingerprint256 ?? 'no-client-certificate';
}

function baseUrl(req: Request): string {
  return `${req.protocol}://${req.get('host')}`;
}

function param(req: Request, name: string): string {
  return String(req.params[name]);
}

function hasBody(req: Request): boolean {
  return req.body !== undefined && req.headers['content-length'] !== '0' && (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined);
}

function isBodyParseError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { type?: string }).type === 'entity.parse.failed';
}

/** Headers a signature must cover (Implementation Guidelines, "Signature"), and those it must cover when present. */
const MUST_SIGN = ['digest', 'x-request-id'];
const SIGN_WHEN_PRESENT = ['psu-id', 'psu-corporate-id', 'tpp-redirect-uri'];

/** The Berlin Group's signing profile, as a bank that requires it checks a request; throws the standard's error. */
function checkSignature(req: Request): void {
  const digest = req.get('Digest');
  const signature = req.get('Signature');
  const certificate = req.get('TPP-Signature-Certificate');
  if (!digest || !signature || !certificate) {
    const missing = [!digest && 'Digest', !signature && 'Signature', !certificate && 'TPP-Signature-Certificate'].filter(Boolean).join(', ');
    throw new Xs2aError('SIGNATURE_MISSING', `This bank requires signed requests: ${missing} missing.`);
  }
  const raw = (req as Request & { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
  if (digest !== `SHA-256=${createHash('sha256').update(raw).digest('base64')}`) throw new Xs2aError('SIGNATURE_INVALID', 'The Digest is not the SHA-256 of the body.', 'header Digest');
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(Buffer.from(certificate, 'base64'));
  } catch {
    throw new Xs2aError('CERTIFICATE_INVALID', 'TPP-Signature-Certificate is not a base64 DER certificate.', 'header TPP-Signature-Certificate');
  }
  const now = Date.now();
  if (Date.parse(cert.validFrom) > now || Date.parse(cert.validTo) < now) throw new Xs2aError('CERTIFICATE_INVALID', 'The signing certificate is not valid now.', 'header TPP-Signature-Certificate');
  const params = Object.fromEntries([...signature.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  const covered = (params.headers ?? '').split(' ').filter(Boolean);
  const uncovered = [...MUST_SIGN, ...SIGN_WHEN_PRESENT.filter((h) => req.get(h) !== undefined)].filter((h) => !covered.includes(h));
  if (uncovered.length > 0) throw new Xs2aError('SIGNATURE_INVALID', `The signature must cover ${uncovered.join(', ')}.`, 'header Signature');
  if (params.algorithm && params.algorithm.toLowerCase() !== 'rsa-sha256') throw new Xs2aError('SIGNATURE_INVALID', `The signature algorithm ${params.algorithm} is not accepted (rsa-sha256).`, 'header Signature');
  if (!params.keyId?.includes(`SN=${cert.serialNumber}`)) throw new Xs2aError('SIGNATURE_INVALID', 'The keyId does not name the serial number of TPP-Signature-Certificate.', 'header Signature');
  const signingString = covered.map((h) => `${h}: ${req.get(h) ?? ''}`).join('\n');
  if (!params.signature || !createVerify('RSA-SHA256').update(signingString).verify(cert.publicKey, params.signature, 'base64')) {
    throw new Xs2aError('SIGNATURE_INVALID', 'The signature does not verify with the key of TPP-Signature-Certificate.', 'header Signature');
  }
}
