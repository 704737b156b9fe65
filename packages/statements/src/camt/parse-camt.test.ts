import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalTransaction } from '../canonical';
import type { StatementParseResult, StatementTransaction } from '../statement';
import { parseCamt } from './parse-camt';

const fixture = (name: string): string => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const problems = (result: StatementParseResult) => (result.ok ? [] : result.problems);
const transactionsOf = (result: StatementParseResult): StatementTransaction[] => (result.ok ? result.file.statements.flatMap((s) => s.transactions) : []);

/** A minimal camt.053 of one account and the given entries, opening 100.00, closing as given. */
function statement(entries: string, { closing = '100.00', version = '02' } = {}): string {
  return `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}"><BkToCstmrStmt>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-01-02T06:00:00Z</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><CreDtTm>2026-01-02T06:00:00Z</CreDtTm><Acct><Id><IBAN>NL91ABNA0417164300</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2025-12-31</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${closing}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal>
${entries}
</Stmt></BkToCstmrStmt></Document>`;
}

function entry({ amount = '10.00', sign = 'DBIT', status = '<Sts>BOOK</Sts>', booking = '<BookgDt><Dt>2026-01-01</Dt></BookgDt>', details = '' } = {}): string {
  return `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${sign}</CdtDbtInd>${status}${booking}<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>${details}</Ntry>`;
}

describe('parseCamt: a business day in camt.053.001.02 (fixtures/batch-split.camt053.v02.xml)', () => {
  const result = parseCamt(fixture('batch-split.camt053.v02.xml'));
  const transactions = transactionsOf(result);

  it('reads a prefixed namespace, the account, its bank and owner, and the balances', () => {
    expect(problems(result)).toEqual([]);
    expect(result.ok && result.file.format).toBe('camt.053');
    expect(result.ok && result.file.version).toBe('camt.053.001.02');
    const [s] = result.ok ? result.file.statements : [];
    expect(s).toMatchObject({
      statementId: '20260302-0001',
      iban: 'NL44RABO0123456789',
      accountId: null,
      currency: 'EUR',
      bic: 'RABONL2U',
      ownerName: 'Bakkerij De Korenschoof B.V.',
      openingBalance: { amount: '10000.00', currency: 'EUR', date: '2026-03-01' },
      closingBalance: { amount: '6711.35', currency: 'EUR', date: '2026-03-02' },
      location: '/Document/BkToCstmrStmt/Stmt[1]',
    });
  });

  it('splits the salary batch into one transaction per TxDtls, each with its own amount, reference, party and remittance', () => {
    const batch = transactions.slice(0, 3);
    expect(batch.map((t) => [t.amount, t.bankReference, t.endToEndId, t.counterpartyName, t.counterpartyIban, t.counterpartyBic, t.purposeCode, t.location])).toEqual([
      ['-1500.00', 'BATCH-7781-1', 'SAL-2026-02-01', 'J. de Vries', 'NL91ABNA0417164300', 'ABNANL2A', 'SALA', '/Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/NtryDtls/TxDtls[1]'],
      ['-1250.50', 'BATCH-7781-2', 'SAL-2026-02-02', 'A. Yilmaz', 'NL20INGB0001234567', null, 'SALA', '/Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/NtryDtls/TxDtls[2]'],
      ['-749.5', null, null, 'M. Jansen', 'NL02ABNA0123456789', null, null, '/Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/NtryDtls/TxDtls[3]'],
    ]);
    expect(batch.every((t) => t.bankTransactionCode?.family === 'ICDT' && t.proprietaryCode === 'N541' && t.bookingDate === '2026-03-02')).toBe(true);
  });

  it("gives a split payment its own remittance as description, not the batch's narrative, and its own AddtlTxInf where it has one", () => {
    expect(transactions.slice(0, 3).map((t) => canonicalTransaction(t).description)).toEqual(['Salaris februari 2026', 'Salaris februari 2026 incl. reiskosten', 'Oproepkracht februari']);
    expect(transactions[1]!.remittanceUnstructured).toEqual(['Salaris februari 2026', 'incl. reiskosten']);
  });

  it('reads a card payment: the date of a booking date-time as written, the payee', () => {
    expect(transactions[3]).toMatchObject({ amount: '-38.65', bookingDate: '2026-03-02', valueDate: '2026-03-01', merchantCategoryCode: null, counterpartyName: 'Tankstation A2 Vianen', narrative: 'BEA Tankstation A2 Vianen', bankReference: 'CARD-55120' });
  });

  it('reads money in: the debtor is the counterparty, CDATA and entities in names, the structured creditor reference', () => {
    expect(transactions[4]).toMatchObject({ amount: '250.00', counterpartyName: 'Lunchroom "Het Hoekje" & Co', counterpartyIban: 'NL39RABO0300065264', counterpartyBic: 'RABONL2U', remittanceStructured: 'RF18539007547034', remittanceUnstructured: [], narrative: null, endToEndId: 'INV-2026-0117' });
  });

  it('returns a pending entry with its status, outside the balances', () => {
    expect(transactions[5]).toMatchObject({ status: 'pending', amount: '-99.99', bookingDate: null, valueDate: '2026-03-03', bankTransactionCode: null, proprietaryCode: 'PENDING-CARD' });
    expect(transactions.filter((t) => t.status === 'booked')).toHaveLength(5);
    expect(transactions).toHaveLength(6);
  });
});

describe('parseCamt: an intraday report in camt.052.001.08 (fixtures/report-return.camt052.v08.xml)', () => {
  const result = parseCamt(fixture('report-return.camt052.v08.xml'));
  const [debit, reversal] = transactionsOf(result);

  it('reads an account without IBAN by its other id, BICFI, Sts/Cd and a preceding closing balance as the opening one', () => {
    expect(problems(result)).toEqual([]);
    expect(result.ok && result.file.version).toBe('camt.052.001.08');
    expect(result.ok && result.file.statements[0]).toMatchObject({ iban: null, accountId: '0417164300', bic: 'ABNANL2A', openingBalance: { amount: '-20.00', date: '2026-04-14' }, closingBalance: { amount: '-20.00', date: '2026-04-15' }, location: '/Document/BkToCstmrAcctRpt/Rpt[1]' });
  });

  it('reads the direct debit: Pty-wrapped creditor, SEPA creditor id, mandate, purpose', () => {
    expect(debit).toMatchObject({ status: 'booked', amount: '-42.10', reversal: false, counterpartyName: 'Groene Stroom Nederland', counterpartyIban: 'NL86INGB0002445588', counterpartyBic: 'INGBNL2A', creditorSchemeId: 'NL98ZZZ999999990000', mandateId: 'MNDT-778812', purposeCode: 'ELEC', bankTransactionCode: { domain: 'PMNT', family: 'RDDT', subFamily: 'ESDD' } });
  });

  it('reads its return as a reversal with the reason code, keeping the creditor as counterparty and the SEPA id among other ids', () => {
    expect(reversal).toMatchObject({ amount: '42.10', reversal: true, returnReason: 'MD06', counterpartyName: 'Groene Stroom Nederland', creditorSchemeId: 'NL98ZZZ999999990000', proprietaryCode: 'A54', narrative: 'Storno incasso Groene Stroom Nederland' });
    expect(canonicalTransaction(reversal!)).toMatchObject({ reasonCode: 'MD06', transactionType: 'A54', bankTransactionCode: 'PMNT-RDDT-UPDD' });
  });

  it("does not read the bank's supplementary data in its own namespace (its amount and reason code are not the payment's)", () => {
    expect(problems(result)).toEqual([]);
    expect(reversal).toMatchObject({ amount: '42.10', returnReason: 'MD06' });
  });
});

describe('parseCamt: quirks outside the schemas', () => {
  it("reads a merchant category code that a bank adds to a card payment's details (no camt schema has one)", () => {
    const card = entry({ details: '<NtryDtls><TxDtls><CardTx><POI><Id><Id>T-0042</Id></Id></POI><MrchntCtgyCd>5541</MrchntCtgyCd></CardTx></TxDtls></NtryDtls>' });
    expect(transactionsOf(parseCamt(statement(card, { closing: '90.00' })))).toMatchObject([{ merchantCategoryCode: '5541' }]);
  });
});

describe('parseCamt: each entry and transaction detail read on its own', () => {
  it("gives an entry or detail none of the values of the one before it (an entry's values are kept in the same place for each entry)", () => {
    const full =
      '<NtryDtls><TxDtls><Refs><EndToEndId>E2E-1</EndToEndId><MndtId>M-1</MndtId></Refs><Amt Ccy="EUR">4.00</Amt>' +
      '<RltdPties><Cdtr><Nm>Shop One</Nm></Cdtr><CdtrAcct><Id><IBAN>NL91ABNA0417164300</IBAN></Id></CdtrAcct></RltdPties>' +
      '<RmtInf><Ustrd>first line</Ustrd><Ustrd>second line</Ustrd></RmtInf><CardTx><MrchntCtgyCd>5411</MrchntCtgyCd></CardTx></TxDtls>' +
      '<TxDtls><Amt Ccy="EUR">6.00</Amt><Purp><Cd>GDDS</Cd></Purp></TxDtls></NtryDtls>';
    const first = entry({ details: full }).replace('</BkTxCd>', '</BkTxCd><AcctSvcrRef>REF-1</AcctSvcrRef>').replace('</Ntry>', '<AddtlNtryInf>Batch one</AddtlNtryInf></Ntry>');
    const second = entry({ details: '<NtryDtls><TxDtls><Amt Ccy="EUR">10.00</Amt></TxDtls></NtryDtls>' });
    const third = entry();
    const result = parseCamt(statement(first + second + third, { closing: '70.00' }));
    expect(problems(result)).toEqual([]);
    const [one, two, three, four] = transactionsOf(result);
    expect(one).toMatchObject({ amount: '-4.00', endToEndId: 'E2E-1', mandateId: 'M-1', counterpartyName: 'Shop One', remittanceUnstructured: ['first line', 'second line'], merchantCategoryCode: '5411', purposeCode: null, narrative: null });
    expect(two).toMatchObject({ amount: '-6.00', endToEndId: null, mandateId: null, counterpartyName: null, counterpartyIban: null, remittanceUnstructured: [], merchantCategoryCode: null, purposeCode: 'GDDS', bankReference: null, narrative: 'Batch one' });
    const bare = { endToEndId: null, mandateId: null, counterpartyName: null, counterpartyIban: null, remittanceUnstructured: [], merchantCategoryCode: null, purposeCode: null, bankReference: null, narrative: null };
    expect(three).toMatchObject({ amount: '-10.00', ...bare });
    expect(four).toMatchObject({ amount: '-10.00', ...bare, location: '/Document/BkToCstmrStmt/Stmt[1]/Ntry[3]' });
    expect(one!.remittanceUnstructured).toEqual(['first line', 'second line']);
  });
});

describe('parseCamt: hostile and broken files are refused, with where', () => {
  it.each([
    ['an external entity (XXE)', 'hostile-xxe.xml'],
    ['entity expansion (billion laughs)', 'hostile-billion-laughs.xml'],
    ['an external DTD', 'hostile-external-dtd.xml'],
  ])('refuses %s at its DOCTYPE, resolving and expanding nothing', (_, name) => {
    const result = parseCamt(fixture(name));
    expect(result.ok).toBe(false);
    expect(problems(result)).toEqual([{ location: expect.stringMatching(/^line \d+, column \d+$/), message: expect.stringContaining('DOCTYPE') }]);
    expect(JSON.stringify(result)).not.toMatch(/root:|lollol/);
  });

  it('refuses the file cut off anywhere', () => {
    const whole = fixture('batch-split.camt053.v02.xml').trimEnd();
    for (let at = 0; at < whole.length; at += 53) {
      const result = parseCamt(whole.slice(0, at));
      expect([at, result.ok]).toEqual([at, false]);
      expect(problems(result)[0]!.location).toMatch(/^(file|line \d+, column \d+|\/Document.*)$/);
    }
  });

  it.each([
    ['an empty file', '', 'file', /empty/],
    ['only whitespace', ' \n\t', 'file', /empty/],
    ['text that is not XML', 'Datum,Naam,Bedrag\n2026-01-01,x,1', 'line 1, column 1', /Not XML/],
    ['a wrong root', '<Statement xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>', '/Statement', /root element is Statement/],
    ['no namespace', '<Document><BkToCstmrStmt/></Document>', '/Document', /no namespace/],
    ['another message', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>', '/Document', /Unknown namespace urn:iso:std:iso:20022:tech:xsd:pain\.001/],
    ['an unknown version', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.01"><BkToCstmrStmt/></Document>', '/Document', /camt\.053\.001\.01 is not a version read here/],
    ['a version after the last read', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.15"><BkToCstmrAcctRpt/></Document>', '/Document', /camt\.052\.001\.15 is not a version read here: \.001\.02 to \.001\.14 are/],
    ['a camt.052 namespace on a statement', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"><BkToCstmrStmt/></Document>', '/Document/BkToCstmrStmt', /BkToCstmrAcctRpt below Document/],
    ['no statement', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>1</MsgId></GrpHdr></BkToCstmrStmt></Document>', '/Document', /no Stmt/],
    ['two roots', '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt/></Document><Document/>', expect.stringMatching(/^line 1, column \d+$/), /Not well-formed XML/],
  ])('refuses %s', (_, xml, location, message) => {
    const [first] = problems(parseCamt(xml));
    expect(first).toEqual({ location, message: expect.stringMatching(message) });
  });

  const ntry1 = '/Document/BkToCstmrStmt/Stmt[1]/Ntry[1]';
  it.each([
    ['a missing amount', entry().replace(/<Amt Ccy="EUR">10.00<\/Amt>/, ''), `${ntry1}/Amt`, /Amt is missing/],
    ['an amount without currency', entry().replace(' Ccy="EUR"', ''), `${ntry1}/Amt`, /no Ccy/],
    ['a negative amount', entry({ amount: '-10.00' }), `${ntry1}/Amt`, /not an amount/],
    ['a comma amount', entry({ amount: '10,00' }), `${ntry1}/Amt`, /not an amount/],
    ['six decimals', entry({ amount: '10.000000' }), `${ntry1}/Amt`, /at most 5 decimals/],
    ['a lower-case currency', entry().replace('Ccy="EUR"', 'Ccy="eur"'), `${ntry1}/Amt@Ccy`, /not an ISO 4217/],
    ['a bad credit/debit indicator', entry({ sign: 'DEBIT' }), `${ntry1}/CdtDbtInd`, /neither CRDT nor DBIT/],
    ['no status', entry({ status: '' }), `${ntry1}/Sts`, /no status/],
    ['an unknown status', entry({ status: '<Sts>DONE</Sts>' }), `${ntry1}/Sts`, /Unknown entry status "DONE"/],
    ['an impossible date', entry({ booking: '<BookgDt><Dt>2026-02-30</Dt></BookgDt>' }), `${ntry1}/BookgDt/Dt`, /not a date/],
    ['a date in another format', entry({ booking: '<BookgDt><Dt>01-01-2026</Dt></BookgDt>' }), `${ntry1}/BookgDt/Dt`, /not a date/],
    ['a bad date-time', entry({ booking: '<BookgDt><DtTm>2026-01-01 10:00</DtTm></BookgDt>' }), `${ntry1}/BookgDt/DtTm`, /not a date-time/],
    ['a booked entry without dates', entry({ booking: '' }), ntry1, /no BookgDt or ValDt/],
    ['no bank transaction code', entry().replace(/<BkTxCd>.*<\/BkTxCd>/, ''), `${ntry1}/BkTxCd`, /no bank transaction code/],
  ])('refuses an entry with %s, naming the element', (_, ntry, location, message) => {
    expect(problems(parseCamt(statement(ntry, { closing: '90.00' })))).toContainEqual({ location, message: expect.stringMatching(message) });
  });

  it("takes the account's currency from its balances when the account has no Ccy", () => {
    const result = parseCamt(statement(entry(), { closing: '90.00' }).replace('<Ccy>EUR</Ccy>', ''));
    expect(result.ok && result.file.statements[0]!.currency).toBe('EUR');
  });

  it('refuses a statement without account id or Id, naming them', () => {
    const xml = statement('').replace('<Id>S1</Id>', '').replace('<Id><IBAN>NL91ABNA0417164300</IBAN></Id>', '');
    expect(problems(parseCamt(xml))).toEqual([
      { location: '/Document/BkToCstmrStmt/Stmt[1]', message: 'Stmt/Id is missing.' },
      { location: '/Document/BkToCstmrStmt/Stmt[1]/Acct', message: 'The account has no Id/IBAN or Id/Othr/Id.' },
    ]);
  });

  it('refuses entries that do not add up to the balances (a truncated or altered file)', () => {
    expect(problems(parseCamt(statement(entry(), { closing: '100.00' })))).toEqual([
      { location: '/Document/BkToCstmrStmt/Stmt[1]', message: expect.stringContaining('opening balance 100.00 plus 1 booked entries gives 90.00, but the closing balance is 100.00') },
    ]);
    expect(parseCamt(statement(entry(), { closing: '90.00' })).ok).toBe(true);
  });

  const split = (amounts: string[]): string =>
    entry({ amount: '10.00', details: `<NtryDtls>${amounts.map((a) => `<TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">${a}</Amt></TxAmt></AmtDtls></TxDtls>`).join('')}</NtryDtls>` });

  it('refuses transaction details that do not add up to their entry, and a split detail without amount', () => {
    expect(problems(parseCamt(statement(split(['6.00', '3.00']), { closing: '90.00' })))).toContainEqual({ location: `${ntry1}/NtryDtls`, message: 'The 2 transaction details add up to -9.00, but the entry is -10.00.' });
    expect(problems(parseCamt(statement(split(['6.00', '4.00']), { closing: '90.00' })))).toEqual([]);
    const missing = entry({ details: '<NtryDtls><TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">6.00</Amt></TxAmt></AmtDtls></TxDtls><TxDtls/></NtryDtls>' });
    expect(problems(parseCamt(statement(missing, { closing: '90.00' })))).toContainEqual({ location: `${ntry1}/NtryDtls/TxDtls[2]`, message: expect.stringContaining('has no amount') });
  });

  it.each([
    ['02', '<Sts><Cd>BOOK</Cd></Sts>', /no status \(Sts up to version \.06\)/],
    ['08', '<Sts>BOOK</Sts>', /no status \(Sts\/Cd from version \.07\)/],
    ['08', '<Sts><Prtry>GEBOEKT</Prtry></Sts>', /proprietary entry status "GEBOEKT" is not read/],
  ])('refuses a status in the form another version has (version .%s: %s)', (version, status, message) => {
    expect(problems(parseCamt(statement(entry({ status }), { closing: '90.00', version })))).toContainEqual({ location: `${ntry1}/Sts`, message: expect.stringMatching(message) });
    expect(parseCamt(statement(entry({ status: version === '02' ? '<Sts>BOOK</Sts>' : '<Sts><Cd>BOOK</Cd></Sts>' }), { closing: '90.00', version })).ok).toBe(true);
  });

  it('reads a detail in another currency than its entry as a problem', () => {
    const foreign = entry({ details: '<NtryDtls><TxDtls><Amt Ccy="USD">11.00</Amt><CdtDbtInd>DBIT</CdtDbtInd></TxDtls></NtryDtls>', status: '<Sts>BOOK</Sts>' }).replace('ICDT', 'ICDT');
    expect(problems(parseCamt(statement(foreign, { closing: '90.00', version: '04' })))).toContainEqual({ location: `${ntry1}/NtryDtls/TxDtls[1]`, message: "The details' amount is in USD, the entry's in EUR." });
  });

  it("refuses a balance or an entry in another currency than the account's, which would make balances add up that do not", () => {
    const inDollars = entry({ amount: '10.00' }).replace('Ccy="EUR"', 'Ccy="USD"');
    expect(problems(parseCamt(statement(inDollars, { closing: '90.00' })))).toEqual([{ location: `${ntry1}/Amt@Ccy`, message: 'The entry is in USD, but the account is in EUR.' }]);
    const closingInDollars = statement(entry(), { closing: '90.00' }).replace(/(<Cd>CLBD<\/Cd><\/CdOrPrtry><\/Tp><Amt Ccy=")EUR/, '$1USD');
    expect(problems(parseCamt(closingInDollars))).toEqual([{ location: '/Document/BkToCstmrStmt/Stmt[1]/Bal[2]/Amt@Ccy', message: 'The balance is in USD, but the account is in EUR.' }]);
    expect(problems(parseCamt(closingInDollars.replace('<Ccy>EUR</Ccy>', '')))).toEqual([{ location: '/Document/BkToCstmrStmt/Stmt[1]/Bal[2]/Amt@Ccy', message: 'The balance is in USD, but the account is in EUR.' }]);
  });

  it('refuses an amount in three letters that are no ISO 4217 currency', () => {
    const xml = statement(entry(), { closing: '90.00' }).replaceAll('Ccy="EUR"', 'Ccy="XYZ"').replace('<Ccy>EUR</Ccy>', '');
    expect(problems(parseCamt(xml)).map((p) => p.location)).toEqual([`${ntry1}/Amt@Ccy`, '/Document/BkToCstmrStmt/Stmt[1]/Bal[1]/Amt@Ccy', '/Document/BkToCstmrStmt/Stmt[1]/Bal[2]/Amt@Ccy']);
    expect(problems(parseCamt(xml))[0]!.message).toBe('"XYZ" is not an ISO 4217 currency code.');
  });

  it('refuses elements nested far deeper than camt nests, before keeping their paths', () => {
    const deep = `<Ntry>${'<Ext>'.repeat(100_000)}${'</Ext>'.repeat(100_000)}</Ntry>`;
    expect(problems(parseCamt(statement(deep)))).toEqual([{ location: '/Document/BkToCstmrStmt', message: 'Elements nest more than 64 deep; a camt file nests some 15 deep.' }]);
  });

  it('stops after 50 problems instead of listing a flood', () => {
    const many = Array.from({ length: 80 }, () => entry({ amount: 'x' })).join('');
    const found = problems(parseCamt(statement(many)));
    expect(found).toHaveLength(51);
    expect(found[50]).toEqual({ location: 'file', message: 'More than 50 problems; reading stopped.' });
  });
});
