import type { SandboxDataset } from '../types';
import { camtBankTransactionCode, renderCamt } from './render-camt';

const base = { accountExternalId: 'acc-1', currency: 'EUR' as const, reasonCode: null, purposeCode: null };
const data: SandboxDataset = {
  accounts: [{ externalId: 'acc-1', iban: 'NL20INGB0001234567', name: 'Betaalrekening', type: 'Current', currency: 'EUR', ownerName: 'J. Jansen & Zn' }],
  transactions: [
    {
      ...base, externalId: 'tx-00000000000000a1', amount: -52.5, bookingDate: '2026-01-30T00:00:00.000Z', valueDate: '2026-01-30T00:00:00.000Z', transactionType: 'ei', transactionTypeName: 'SEPA Incasso',
      counterpartName: 'Energie <B.V.>', counterpartAccountNumber: 'NL91ABNA0417164300', purposeCode: 'ENRG',
      description: 'SEPA Incasso algemeen doorlopend Incassant: NL98ZZZ999999999999 Naam: Energie B.V. Machtiging: M-77 Omschrijving: Voorschot januari IBAN: NL91ABNA0417164300 Kenmerk: E2E-1',
    },
    {
      ...base, externalId: 'tx-00000000000000a2', amount: -3.2, bookingDate: '2026-02-02T00:00:00.000Z', valueDate: '2026-01-31T00:00:00.000Z', transactionType: 'ba', transactionTypeName: 'Betaalautomaat',
      counterpartName: 'Bakkerij Jansen', counterpartAccountNumber: null, description: 'BEA, Betaalpas Bakkerij Jansen,PAS123 NR:AB12CD, 31.01.26/09:15 UTRECHT',
    },
    {
      ...base, externalId: 'tx-00000000000000a3', amount: 1500, bookingDate: '2026-02-25T00:00:00.000Z', valueDate: '2026-02-25T00:00:00.000Z', transactionType: 'ic', transactionTypeName: 'SEPA Overboeking',
      counterpartName: 'Werkgever B.V.', counterpartAccountNumber: 'NL44RABO0123456789', purposeCode: 'SALA',
      description: 'SEPA Overboeking IBAN: NL44RABO0123456789 BIC: RABONL2U Naam: Werkgever B.V. Omschrijving: Salaris februari Kenmerk: SAL-02',
    },
  ],
};

const entries = (xml: string): string[] => xml.match(/<Ntry>.*?<\/Ntry>/g) ?? [];

describe('renderCamt', () => {
  it('writes the message and version asked for, one statement or report per account, balances that add up', () => {
    const statement = renderCamt(data, { message: 'camt.053', version: '02', openingBalance: -10, createdAt: '2026-03-01T06:00:00Z' });
    expect(statement).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>[^<]+<\/MsgId><CreDtTm>2026-03-01T06:00:00Z<\/CreDtTm><\/GrpHdr><Stmt>/);
    expect(statement.match(/<Bal>.*?<\/Bal>/g)).toEqual([
      '<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2026-01-29</Dt></Dt></Bal>',
      '<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1434.30</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-02-25</Dt></Dt></Bal>',
    ]);
    const report = renderCamt(data, { message: 'camt.052', version: '08' });
    expect(report).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><BkToCstmrAcctRpt>');
    expect(report.match(/<Rpt>/g)).toHaveLength(1);
    expect(entries(report)).toHaveLength(3);
  });

  it('writes only the booking days asked for, the opening balance dated the day before', () => {
    const xml = renderCamt(data, { message: 'camt.053', version: '08', from: '2026-02-01', to: '2026-02-28' });
    expect(entries(xml).map((e) => /<AcctSvcrRef>(.*?)</.exec(e)![1])).toEqual(['00000000000000a2', '00000000000000a3']);
    expect(xml).toContain('<Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-31</Dt>');
  });

  it('writes a direct debit with its codes, mandate, creditor id, end-to-end id and the creditor as counterparty, escaping names', () => {
    const [debit] = entries(renderCamt(data, { message: 'camt.053', version: '02' }));
    expect(debit).toContain('<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RDDT</Cd><SubFmlyCd>ESDD</SubFmlyCd></Fmly></Domn><Prtry><Cd>ei</Cd><Issr>INGBNL2A</Issr></Prtry></BkTxCd>');
    expect(debit).toContain('<Refs><EndToEndId>E2E-1</EndToEndId><MndtId>M-77</MndtId></Refs>');
    expect(debit).toContain(
      '<RltdPties><Dbtr><Nm>J. Jansen &amp; Zn</Nm></Dbtr><DbtrAcct><Id><IBAN>NL20INGB0001234567</IBAN></Id></DbtrAcct>' +
        '<Cdtr><Nm>Energie &lt;B.V.&gt;</Nm><Id><PrvtId><Othr><Id>NL98ZZZ999999999999</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></Cdtr><CdtrAcct><Id><IBAN>NL91ABNA0417164300</IBAN></Id></CdtrAcct></RltdPties>',
    );
    expect(debit).toContain('<RltdAgts><CdtrAgt><FinInstnId><BIC>ABNANL2A</BIC></FinInstnId></CdtrAgt></RltdAgts><Purp><Cd>ENRG</Cd></Purp>');
    expect(debit).toContain(`<AddtlNtryInf>${data.transactions[0]!.description}</AddtlNtryInf>`);
  });

  it('writes the forms each version has: Sts/Cd and Pty from .07, BICFI and the details amount from .03', () => {
    const [v02, v03, v07] = (['02', '03', '07'] as const).map((version) => entries(renderCamt(data, { message: 'camt.053', version }))[0]!);
    expect([v02, v03, v07].map((e) => [e.includes('<Sts>BOOK</Sts>'), e.includes('<Sts><Cd>BOOK</Cd></Sts>'), e.includes('<Cdtr><Pty><Nm>'), e.includes('<BICFI>'), e.includes('</MndtId></Refs><Amt Ccy="EUR">52.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><AmtDtls>')])).toEqual([
      [true, false, false, false, false],
      [true, false, false, true, true],
      [false, true, true, true, true],
    ]);
  });

  it('writes money in with the payer as debtor, and a card payment without account or agent', () => {
    const [, card, salary] = entries(renderCamt(data, { message: 'camt.053', version: '02' }));
    expect(salary).toContain('<Dbtr><Nm>Werkgever B.V.</Nm></Dbtr><DbtrAcct><Id><IBAN>NL44RABO0123456789</IBAN></Id></DbtrAcct><Cdtr><Nm>J. Jansen &amp; Zn</Nm></Cdtr>');
    expect(salary).toContain('<DbtrAgt><FinInstnId><BIC>RABONL2U</BIC>');
    expect(card).toContain('<Cdtr><Nm>Bakkerij Jansen</Nm></Cdtr></RltdPties><RmtInf>');
    expect(card).toContain('<BookgDt><Dt>2026-02-02</Dt></BookgDt><ValDt><Dt>2026-01-31</Dt></ValDt>');
    expect(data.transactions.map(camtBankTransactionCode)).toEqual(['PMNT-RDDT-ESDD', 'PMNT-CCRD-POSD', 'PMNT-RCDT-ESCT']);
  });

  it('writes a returned payment as a reversal with its reason, keeping the parties of the payment it reverses', () => {
    const returned = { ...data.transactions[0]!, externalId: 'tx-00000000000000r1', amount: 52.5, reasonCode: 'MD06' };
    const [entry] = entries(renderCamt({ accounts: data.accounts, transactions: [returned] }, { message: 'camt.053', version: '02' }));
    expect(entry).toContain('<CdtDbtInd>CRDT</CdtDbtInd><RvslInd>true</RvslInd>');
    expect(entry).toContain('<Cdtr><Nm>Energie &lt;B.V.&gt;</Nm>');
    expect(entry).toContain('<RtrInf><Rsn><Cd>MD06</Cd></Rsn></RtrInf>');
    expect(camtBankTransactionCode(returned)).toBe('PMNT-RDDT-ESDD');
  });

  it('breaks a long description into remittance lines of at most 140 characters at spaces', () => {
    const long = { ...data.transactions[2]!, description: `${'woord '.repeat(40)}einde` };
    const [entry] = entries(renderCamt({ accounts: data.accounts, transactions: [long] }, { message: 'camt.053', version: '02' }));
    const lines = [...entry!.matchAll(/<Ustrd>(.*?)<\/Ustrd>/g)].map((m) => m[1]!);
    expect(lines.length).toBe(2);
    expect(lines.every((line) => line.length <= 140)).toBe(true);
    expect(lines.join(' ')).toBe(long.description);
  });
});
