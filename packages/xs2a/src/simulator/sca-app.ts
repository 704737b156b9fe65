import express, { type NextFunction, type Request, type Response } from 'express';
import { Xs2aError } from './errors';
import type { SimulatedBank, SimulatedConsent } from './simulated-bank';

/**
 * The bank's SCA pages for the redirect approach, served apart from the XS2A interface (a PSU's browser has no TPP
 * certificate): the PSU identifies itself and approves or rejects, and is sent back to the TPP's
 * `TPP-Redirect-URI`, or its `TPP-Nok-Redirect-URI` on a rejection. Every value on the page is inserted as text.
 */
export function createScaApp(bank: SimulatedBank): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.set({ 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'", 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' });
    next();
  });
  app.use(express.urlencoded({ extended: false, limit: '8kb' }));

  app.get('/sca/:consentId/:authorisationId', (req, res) => {
    const consent = consentFor(bank, req);
    bank.startSca(consent);
    res.type('html').send(page(bank, consent, undefined));
  });

  app.post('/sca/:consentId/:authorisationId', (req, res) => {
    const consent = consentFor(bank, req);
    const form = req.body as { decision?: unknown; psuId?: unknown };
    const decision = form.decision === 'approve' ? 'approve' : form.decision === 'reject' ? 'reject' : undefined;
    if (!decision) {
      res.status(400).type('html').send(page(bank, consent, 'Choose approve or reject.'));
      return;
    }
    const psuId = typeof form.psuId === 'string' ? form.psuId.trim() : '';
    if (decision === 'approve' && !psuId && !consent.psuId) {
      res.status(400).type('html').send(page(bank, consent, 'Enter your user id to approve.'));
      return;
    }
    bank.decide(consent, String(req.params.authorisationId), decision, psuId || undefined);
    const target = decision === 'approve' ? consent.redirectUri : (consent.nokRedirectUri ?? consent.redirectUri);
    if (!target) {
      res.type('html').send(page(bank, consent, undefined));
      return;
    }
    res.redirect(303, target);
  });

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = err instanceof Xs2aError ? err.status : 500;
    const text = err instanceof Xs2aError ? err.message : 'The bank could not answer.';
    res.status(status).type('html').send(shell('Authorisation', `<p>${escapeHtml(text)}</p>`));
  });
  return app;
}

function consentFor(bank: SimulatedBank, req: Request): SimulatedConsent {
  const consent = bank.consentForPsu(String(req.params.consentId));
  if (!consent || consent.authorisation.id !== String(req.params.authorisationId) || consent.approach !== 'REDIRECT') {
    throw new Xs2aError('RESOURCE_UNKNOWN', 'This authorisation is not known.');
  }
  return consent;
}

function page(bank: SimulatedBank, consent: SimulatedConsent, problem: string | undefined): string {
  const open = consent.status === 'received' && (consent.authorisation.scaStatus === 'received' || consent.authorisation.scaStatus === 'started');
  const asked = describeAccess(consent);
  const body = [
    `<p>A third party asks to read your accounts at ${escapeHtml(bank.bankName)}:</p>`,
    `<ul>${asked.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<p>Until ${escapeHtml(consent.validUntil)}, at most ${escapeHtml(String(consent.frequencyPerDay))} times a day without you.</p>`,
    problem ? `<p role="alert">${escapeHtml(problem)}</p>` : '',
    open
      ? [
          '<form method="post">',
          `<label>User id <input name="psuId" value="${escapeHtml(consent.psuId ?? '')}" autocomplete="username"></label>`,
          '<button type="submit" name="decision" value="approve">Approve</button>',
          '<button type="submit" name="decision" value="reject">Reject</button>',
          '</form>',
        ].join('')
      : `<p>This request is ${escapeHtml(consent.status)}.</p>`,
  ].join('');
  return shell(`${bank.bankName}: authorise access`, body);
}

function describeAccess(consent: SimulatedConsent): string[] {
  const a = consent.access;
  if (a.allPsd2) return ['all your payment accounts, their balances and transactions'];
  if (a.availableAccounts || a.availableAccountsWithBalance) return ['the list of your payment accounts'];
  const lines: string[] = [];
  const list = (name: string, refs: { iban?: string }[] | undefined) => {
    if (!refs) return;
    lines.push(refs.length === 0 ? `${name}: the accounts you choose` : `${name}: ${refs.map((r) => r.iban ?? '?').join(', ')}`);
  };
  list('accounts', a.accounts);
  list('balances', a.balances);
  list('transactions', a.transactions);
  return lines;
}

function shell(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
