/**
 * A sandbox household written as the ISO 20022 camt.053 statement (or camt.052 account report) a bank exports, so
 * that imports can be tested against the transactions a sandbox fetch gives. One `Stmt`/`Rpt` per account, one
 * `Ntry` with one `TxDtls` per transaction, balances that add up.
 *
 * What each sandbox field becomes (docs/decisions.md, "Statement parsing libraries (issue 26)"):
 * - the description is `AddtlNtryInf`, where ING writes its narrative, and also the remittance (`RmtInf/Ustrd`, in
 *   lines of at most 140 characters as the schema allows, broken at a space);
 * - the type is the bank transaction code (CAMT_BANK_TRANSACTION_CODES, by direction) and, as it is, `BkTxCd/Prtry/Cd`;
 * - counterparty name and IBAN are the creditor's for money out and the debtor's for money in (the account's owner and
 *   IBAN the other side); its BIC is the creditor's or debtor's agent (from the IBAN's bank code);
 * - end-to-end id, mandate id and creditor id are the description's `Kenmerk:`, `Machtiging:` and `Incassant:`
 *   (`Refs/EndToEndId`, `Refs/MndtId`, the creditor's `Id/PrvtId/Othr` with scheme `SEPA`);
 * - purpose code `Purp/Cd`; a reason code makes the entry a reversal (`RvslInd`) with `RtrInf/Rsn/Cd`;
 * - the bank reference (`AcctSvcrRef`) is the one the MT940 renderer writes (mt940BankReference), as a bank gives a
 *   payment one reference in all its exports, so that an account imported in both formats keeps each payment once.
 * The type name has no field in camt and is not written.
 */
import { bicOf } from '../iban';
import type { SandboxAccount, SandboxDataset, SandboxTransaction } from '../types';
import { descriptionDetails, mt940BankReference } from './render-mt940';

export type CamtMessage = 'camt.053' | 'camt.052';
export type CamtVersion = '02' | '03' | '04' | '05' | '06' | '07' | '08' | '09' | '10' | '11' | '12' | '13' | '14';

export interface RenderCamtOptions {
  message: CamtMessage;
  version: CamtVersion;
  /** First booking day written, `YYYY-MM-DD`; default the first booking day of the data. */
  from?: string;
  /** Last booking day written, `YYYY-MM-DD`; default the last booking day of the data. */
  to?: string;
  /** The balance before `from`: one for every account, or per IBAN (missing ones 0). Default 0. */
  openingBalance?: number | Readonly<Record<string, number>>;
  /** The message's creation time, ISO date-time; default the day after `to` at 06:00 UTC. */
  createdAt?: string;
}

/** `domain-family-subfamily` for each sandbox type: money out, money in. */
export const CAMT_BANK_TRANSACTION_CODES: Readonly<Record<string, { out: string; in: string }>> = {
  ei: { out: 'PMNT-RDDT-ESDD', in: 'PMNT-IDDT-ESDD' },
  ba: { out: 'PMNT-CCRD-POSD', in: 'PMNT-CCRD-POSD' },
  gm: { out: 'PMNT-CCRD-CWDL', in: 'PMNT-CCRD-CWDL' },
  tb: { out: 'PMNT-ICDT-ESCT', in: 'PMNT-RCDT-ESCT' },
  ic: { out: 'PMNT-ICDT-ESCT', in: 'PMNT-RCDT-ESCT' },
  id: { out: 'PMNT-ICDT-ESCT', in: 'PMNT-RCDT-ESCT' },
};

/** The bank transaction code a sandbox transaction is rendered with. */
export function camtBankTransactionCode(t: SandboxTransaction): string {
  const codes = CAMT_BANK_TRANSACTION_CODES[t.transactionType] ?? { out: 'PMNT-MCOP-OTHR', in: 'PMNT-MCOP-OTHR' };
  return outgoing(t) ? codes.out : codes.in;
}

const SERVICER_BIC = 'INGBNL2A';
const REMITTANCE_LINE = 140;

export function renderCamt(data: SandboxDataset, options: RenderCamtOptions): string {
  const version = Number(options.version);
  const days = data.transactions.map((t) => day(t.bookingDate)).sort();
  const from = options.from ?? days[0] ?? '1970-01-01';
  const to = options.to ?? days[days.length - 1] ?? from;
  const createdAt = options.createdAt ?? `${addDays(to, 1)}T06:00:00Z`;
  const report = options.message === 'camt.052';
  const w = new Writer();
  w.raw('<?xml version="1.0" encoding="UTF-8"?>');
  w.open('Document', ` xmlns="urn:iso:std:iso:20022:tech:xsd:${options.message}.001.${options.version}"`);
  w.open(report ? 'BkToCstmrAcctRpt' : 'BkToCstmrStmt');
  w.open('GrpHdr');
  w.leaf('MsgId', `${report ? 'RPT' : 'STMT'}${to.replace(/-/g, '')}${String(data.accounts.length).padStart(3, '0')}`);
  w.leaf('CreDtTm', createdAt);
  w.close('GrpHdr');
  data.accounts.forEach((account, n) => {
    const entries = data.transactions
      .map((t, index) => ({ t, index }))
      .filter(({ t }) => t.accountExternalId === account.externalId && day(t.bookingDate) >= from && day(t.bookingDate) <= to)
      .sort((a, b) => a.t.bookingDate.localeCompare(b.t.bookingDate) || a.index - b.index)
      .map(({ t }) => t);
    const opening = Math.round(openingOf(account, options.openingBalance) * 100);
    const closing = opening + entries.reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
    w.open(report ? 'Rpt' : 'Stmt');
    w.leaf('Id', `${to.replace(/-/g, '')}-${n + 1}`);
    w.leaf('ElctrncSeqNb', String(n + 1));
    w.leaf('CreDtTm', createdAt);
    w.open('FrToDt');
    w.leaf('FrDtTm', `${from}T00:00:00Z`);
    w.leaf('ToDtTm', `${to}T23:59:59Z`);
    w.close('FrToDt');
    w.open('Acct');
    w.open('Id');
    w.leaf('IBAN', account.iban);
    w.close('Id');
    w.leaf('Ccy', account.currency);
    w.open('Ownr');
    w.leaf('Nm', account.ownerName);
    w.close('Ownr');
    w.open('Svcr');
    w.open('FinInstnId');
    w.leaf(version >= 3 ? 'BICFI' : 'BIC', SERVICER_BIC);
    w.close('FinInstnId');
    w.close('Svcr');
    w.close('Acct');
    balance(w, 'OPBD', opening, addDays(from, -1), account.currency);
    balance(w, 'CLBD', closing, to, account.currency);
    for (const t of entries) entry(w, t, account, version);
    w.close(report ? 'Rpt' : 'Stmt');
  });
  w.close(report ? 'BkToCstmrAcctRpt' : 'BkToCstmrStmt');
  w.close('Document');
  return w.text();
}

function balance(w: Writer, type: string, cents: number, date: string, currency: string): void {
  w.open('Bal');
  w.open('Tp');
  w.open('CdOrPrtry');
  w.leaf('Cd', type);
  w.close('CdOrPrtry');
  w.close('Tp');
  w.leaf('Amt', amountText(Math.abs(cents)), ` Ccy="${currency}"`);
  w.leaf('CdtDbtInd', cents < 0 ? 'DBIT' : 'CRDT');
  w.open('Dt');
  w.leaf('Dt', date);
  w.close('Dt');
  w.close('Bal');
}

function entry(w: Writer, t: SandboxTransaction, account: SandboxAccount, version: number): void {
  const cents = Math.round(t.amount * 100);
  const amount = amountText(Math.abs(cents));
  const indicator = cents < 0 ? 'DBIT' : 'CRDT';
  const details = descriptionDetails(t.description);
  const [domain, family, subFamily] = camtBankTransactionCode(t).split('-') as [string, string, string];
  w.open('Ntry');
  w.leaf('Amt', amount, ` Ccy="${t.currency}"`);
  w.leaf('CdtDbtInd', indicator);
  if (t.reasonCode !== null) w.leaf('RvslInd', 'true');
  if (version >= 7) {
    w.open('Sts');
    w.leaf('Cd', 'BOOK');
    w.close('Sts');
  } else w.leaf('Sts', 'BOOK');
  w.open('BookgDt');
  w.leaf('Dt', day(t.bookingDate));
  w.close('BookgDt');
  w.open('ValDt');
  w.leaf('Dt', day(t.valueDate));
  w.close('ValDt');
  w.leaf('AcctSvcrRef', mt940BankReference(t));
  w.open('BkTxCd');
  w.open('Domn');
  w.leaf('Cd', domain);
  w.open('Fmly');
  w.leaf('Cd', family);
  w.leaf('SubFmlyCd', subFamily);
  w.close('Fmly');
  w.close('Domn');
  w.open('Prtry');
  w.leaf('Cd', t.transactionType);
  w.leaf('Issr', SERVICER_BIC);
  w.close('Prtry');
  w.close('BkTxCd');
  w.open('NtryDtls');
  w.open('TxDtls');
  w.open('Refs');
  w.leaf('EndToEndId', details.endToEndId ?? 'NOTPROVIDED');
  if (details.mandateId !== null) w.leaf('MndtId', details.mandateId);
  w.close('Refs');
  if (version >= 3) {
    w.leaf('Amt', amount, ` Ccy="${t.currency}"`);
    w.leaf('CdtDbtInd', indicator);
  }
  w.open('AmtDtls');
  w.open('TxAmt');
  w.leaf('Amt', amount, ` Ccy="${t.currency}"`);
  w.close('TxAmt');
  w.close('AmtDtls');
  const out = outgoing(t);
  const counterparty = { name: t.counterpartName, iban: t.counterpartAccountNumber, creditorId: details.creditorSchemeId };
  const own = { name: account.ownerName, iban: account.iban, creditorId: null };
  const [debtor, creditor] = out ? [own, counterparty] : [counterparty, own];
  w.open('RltdPties');
  party(w, 'Dbtr', debtor, version);
  party(w, 'Cdtr', creditor, version);
  w.close('RltdPties');
  const agentBic = counterparty.iban === null ? 'NOTPROVIDED' : bicOf(counterparty.iban);
  if (agentBic !== 'NOTPROVIDED') {
    w.open('RltdAgts');
    w.open(out ? 'CdtrAgt' : 'DbtrAgt');
    w.open('FinInstnId');
    w.leaf(version >= 3 ? 'BICFI' : 'BIC', agentBic);
    w.close('FinInstnId');
    w.close(out ? 'CdtrAgt' : 'DbtrAgt');
    w.close('RltdAgts');
  }
  if (t.purposeCode !== null) {
    w.open('Purp');
    w.leaf('Cd', t.purposeCode);
    w.close('Purp');
  }
  w.open('RmtInf');
  for (const line of remittanceLines(t.description)) w.leaf('Ustrd', line);
  w.close('RmtInf');
  if (t.reasonCode !== null) {
    w.open('RtrInf');
    w.open('Rsn');
    w.leaf('Cd', t.reasonCode);
    w.close('Rsn');
    w.close('RtrInf');
  }
  w.close('TxDtls');
  w.close('NtryDtls');
  w.leaf('AddtlNtryInf', t.description);
  w.close('Ntry');
}

/** `Dbtr`/`Cdtr` (with a `Pty` wrapper from version .07) and `DbtrAcct`/`CdtrAcct`. */
function party(w: Writer, role: 'Dbtr' | 'Cdtr', p: { name: string | null; iban: string | null; creditorId: string | null }, version: number): void {
  if (p.name !== null || p.creditorId !== null) {
    w.open(role);
    if (version >= 7) w.open('Pty');
    if (p.name !== null) w.leaf('Nm', p.name);
    if (p.creditorId !== null) {
      w.open('Id');
      w.open('PrvtId');
      w.open('Othr');
      w.leaf('Id', p.creditorId);
      w.open('SchmeNm');
      w.leaf('Prtry', 'SEPA');
      w.close('SchmeNm');
      w.close('Othr');
      w.close('PrvtId');
      w.close('Id');
    }
    if (version >= 7) w.close('Pty');
    w.close(role);
  }
  if (p.iban !== null) {
    w.open(`${role}Acct`);
    w.open('Id');
    w.leaf('IBAN', p.iban);
    w.close('Id');
    w.close(`${role}Acct`);
  }
}

/** Lines of at most 140 characters, broken at a space (dropped) where there is one, so that the lines joined by a space are the text. */
function remittanceLines(text: string): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > REMITTANCE_LINE) {
    const space = rest.lastIndexOf(' ', REMITTANCE_LINE);
    const cut = space > 0 ? space : REMITTANCE_LINE;
    lines.push(rest.slice(0, cut));
    rest = rest.slice(space > 0 ? cut + 1 : cut);
  }
  lines.push(rest);
  return lines;
}

/** Money left the account, or (a reversal) the payment it reverses was money out. */
function outgoing(t: SandboxTransaction): boolean {
  return t.amount < 0 !== (t.reasonCode !== null);
}

/** Writes elements without whitespace between them, as banks' exports mostly are. */
class Writer {
  private readonly parts: string[] = [];

  raw(text: string): void {
    this.parts.push(text, '\n');
  }

  open(name: string, attributes = ''): void {
    this.parts.push('<', name, attributes, '>');
  }

  close(name: string): void {
    this.parts.push('</', name, '>');
  }

  leaf(name: string, value: string, attributes = ''): void {
    this.parts.push('<', name, attributes, '>', escapeXml(value), '</', name, '>');
  }

  text(): string {
    return this.parts.join('') + '\n';
  }
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function openingOf(account: SandboxAccount, opening: RenderCamtOptions['openingBalance']): number {
  if (opening === undefined) return 0;
  return typeof opening === 'number' ? opening : (opening[account.iban] ?? 0);
}

function amountText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const day = (isoDateTime: string): string => isoDateTime.slice(0, 10);

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
