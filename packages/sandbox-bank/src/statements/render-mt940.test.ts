import type { SandboxDataset } from '../types';
import { descriptionDetails, renderMt940 } from './render-mt940';

const base = { accountExternalId: 'acc-1', currency: 'EUR' as const, reasonCode: null, purposeCode: null };
const data: SandboxDataset = {
  accounts: [{ externalId: 'acc-1', iban: 'NL20INGB0001234567', name: 'Betaalrekening', type: 'Current', currency: 'EUR', ownerName: 'J. Jansen' }],
  transactions: [
    {
      ...base, externalId: 'tx-00000000000000a1', amount: -52.5, bookingDate: '2026-01-30T00:00:00.000Z', valueDate: '2026-01-30T00:00:00.000Z', transactionType: 'ei', transactionTypeName: 'SEPA Incasso',
      counterpartName: 'Energie B.V.', counterpartAccountNumber: 'NL91ABNA0417164300', purposeCode: 'ENRG',
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
const render = (style: 'ing' | 'abnamro' | 'rabobank'): string[] => renderMt940(data, { style, statementPer: 'month', openingBalance: { NL20INGB0001234567: -10 } }).split('\r\n');

describe('renderMt940', () => {
  it('reads the mandate, creditor id and end-to-end id out of a sandbox description', () => {
    expect(descriptionDetails(data.transactions[0]!.description)).toEqual({ endToEndId: 'E2E-1', mandateId: 'M-77', creditorSchemeId: 'NL98ZZZ999999999999' });
    expect(descriptionDetails(data.transactions[1]!.description)).toEqual({ endToEndId: null, mandateId: null, creditorSchemeId: null });
  });

  it('writes ING’s layout: SWIFT blocks, IBAN+currency, `//` between :86: fields, /CNTP/, the description as /REMI/USTD//, 65-character lines', () => {
    const lines = render('ing');
    expect(lines.slice(0, 14)).toEqual([
      '{1:F01INGBNL2AXXXX0000000000}{2:I940INGBNL2AXXXXN}{4:',
      ':20:P260131000000001',
      ':25:NL20INGB0001234567EUR',
      ':28C:00001/1',
      ':60F:D260129EUR10,00',
      ':61:2601300130D52,50NDDTEREF//00000000000000a1',
      ':86:/EREF/E2E-1//MARF/M-77//CSID/NL98ZZZ999999999999//CNTP/NL91ABNA04',
      '17164300/ABNANL2A/Energie B.V.///REMI/USTD//SEPA Incasso algemeen',
      ' doorlopend Incassant: NL98ZZZ999999999999 Naam: Energie B.V. Mac',
      'htiging: M-77 Omschrijving: Voorschot januari IBAN: NL91ABNA04171',
      '64300 Kenmerk: E2E-1//PURP/ENRG/',
      ':62F:D260131EUR62,50',
      ':64:D260131EUR62,50',
      '-}',
    ]);
    expect(lines).toContain(':61:2601310202D3,20NMSCNONREF//00000000000000a2');
    expect(lines).toContain(':86:/CNTP///Bakkerij Jansen///REMI/USTD//BEA, Betaalpas Bakkerij Jans');
    expect(lines.slice(-4)).toEqual([':62F:C260225EUR1434,30', ':64:C260225EUR1434,30', '-}', '']);
  });

  it('writes ABN AMRO’s layout: header lines, /TRTP/ first, the card payment as its free-text BEA line, /EREF/ last', () => {
    const lines = render('abnamro');
    expect(lines.slice(0, 8)).toEqual(['ABNANL2A', '940', 'ABNANL2A', ':20:ABN AMRO BANK NV', ':25:NL20INGB0001234567', ':28C:00001/1', ':60F:D260129EUR10,00', ':61:2601300130D52,50NDDTNONREF//00000000000000a1']);
    expect(lines.slice(8, 13).join('')).toBe(
      `:86:/TRTP/SEPA Incasso/CSID/NL98ZZZ999999999999/NAME/Energie B.V./MARF/M-77/REMI/${data.transactions[0]!.description}/IBAN/NL91ABNA0417164300/BIC/ABNANL2A/PURP/ENRG/EREF/E2E-1`,
    );
    expect(lines).toContain(':86:BEA, Betaalpas Bakkerij Jansen,PAS123 NR:AB12CD, 31.01.26/09:15 U');
    expect(lines.filter((l) => l === '-')).toHaveLength(2);
  });

  it('writes Rabobank’s layout: :940: header, the counterparty IBAN on the :61: second line, /BENM//NAME/ for a payee and /ORDP//NAME/ for a payer', () => {
    const lines = render('rabobank');
    expect(lines.slice(0, 8)).toEqual([':940:', ':20:940S260131', ':25:NL20INGB0001234567 EUR', ':28C:1', ':60F:D260129EUR10,00', ':61:2601300130D52,50NDDTNONREF//00000000000000a1', 'NL91ABNA0417164300', ':86:/EREF/E2E-1/MARF/M-77/CSID/NL98ZZZ999999999999/BENM//NAME/Energie']);
    expect(lines).toContain(':86:/EREF/NOTPROVIDED/BENM//NAME/Bakkerij Jansen/REMI/BEA, Betaalpas ');
    expect(lines).toContain(':86:/EREF/SAL-02/ORDP//NAME/Werkgever B.V./REMI/SEPA Overboeking IBA');
  });

  it('wraps a line one character early rather than start the next with `:`, `-` or `{` (it would read as a tag or a block end)', () => {
    for (const next of [':15 UTRECHT', '-15 UTRECHT', '{15 UTRECHT']) {
      const card = { ...data.transactions[1]!, description: `BEA, ${'x'.repeat(60)}${next}` };
      const lines = renderMt940({ accounts: data.accounts, transactions: [card] }, { style: 'abnamro' }).split('\r\n');
      const at = lines.findIndex((l) => l.startsWith(':86:'));
      expect(lines.slice(at, at + 2)).toEqual([`:86:BEA, ${'x'.repeat(59)}`, `x${next}`]);
    }
  });

  it('chains the monthly statements’ balances from the opening balance, and writes one statement for the period unless asked', () => {
    const balances = (style: 'ing' | 'rabobank', statementPer?: 'month'): string[] =>
      renderMt940(data, { style, statementPer, openingBalance: 100 }).split('\r\n').filter((l) => /^:6[02]F:/.test(l));
    expect(balances('rabobank', 'month')).toEqual([':60F:C260129EUR100,00', ':62F:C260131EUR47,50', ':60F:C260131EUR47,50', ':62F:C260225EUR1544,30']);
    expect(balances('ing')).toEqual([':60F:C260129EUR100,00', ':62F:C260225EUR1544,30']);
  });
});
