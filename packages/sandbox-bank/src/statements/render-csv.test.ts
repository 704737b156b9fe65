import type { SandboxDataset } from '../types';
import { renderCsv } from './render-csv';

const base = { accountExternalId: 'acc-1', currency: 'EUR' as const, reasonCode: null, purposeCode: null };
const data: SandboxDataset = {
  accounts: [{ externalId: 'acc-1', iban: 'NL20INGB0001234567', name: 'Betaalrekening', type: 'Current', currency: 'EUR', ownerName: 'J. Jansen' }],
  transactions: [
    {
      ...base, externalId: 'tx-a1', amount: -1052.5, bookingDate: '2026-01-30T00:00:00.000Z', valueDate: '2026-01-29T00:00:00.000Z', transactionType: 'ei', transactionTypeName: 'SEPA Incasso',
      counterpartName: 'Energie "Groen" B.V.', counterpartAccountNumber: 'NL91ABNA0417164300', reasonCode: 'MD06',
      description: 'SEPA Incasso algemeen doorlopend Incassant: NL98ZZZ999999999999 Naam: Energie "Groen" B.V. Machtiging: M-77 Omschrijving: Voorschot januari; termijn 1 van 12, jaarafrekening volgt in december IBAN: NL91ABNA0417164300 Kenmerk: E2E-1',
    },
    {
      ...base, externalId: 'tx-a2', amount: -3.2, bookingDate: '2026-02-02T00:00:00.000Z', valueDate: '2026-01-31T00:00:00.000Z', transactionType: 'ba', transactionTypeName: 'Betaalautomaat',
      counterpartName: null, counterpartAccountNumber: null, description: 'BEA, Betaalpas Bakkerij Jansen,PAS123 NR:AB12CD, 31.01.26/09:15 UTRECHT',
    },
  ],
};

describe('renderCsv', () => {
  it('writes ING’s export: every field quoted, ; separated, newest first, unsigned amounts with Af/Bij, the balance after each row', () => {
    expect(renderCsv(data, { bank: 'ing', openingBalance: 2000 }).split('\r\n')).toEqual([
      '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen";"Saldo na mutatie";"Tag"',
      '"20260202";"";"NL20INGB0001234567";"";"BA";"Af";"3,20";"Betaalautomaat";"BEA, Betaalpas Bakkerij Jansen,PAS123 NR:AB12CD, 31.01.26/09:15 UTRECHT";"944,30";""',
      `"20260130";"Energie ""Groen"" B.V.";"NL20INGB0001234567";"NL91ABNA0417164300";"EI";"Af";"1052,50";"SEPA Incasso";"${data.transactions[0]!.description.replace(/"/g, '""')}";"947,50";""`,
      '',
    ]);
    expect(renderCsv(data, { bank: 'ing', separator: ',', lineEnding: '\n' }).split('\n')[1]).toBe('"20260202","","NL20INGB0001234567","","BA","Af","3,20","Betaalautomaat","BEA, Betaalpas Bakkerij Jansen,PAS123 NR:AB12CD, 31.01.26/09:15 UTRECHT","-1055,70",""');
  });

  it('writes Rabobank’s export: 26 columns, signed amounts with thousands dots, the description over Omschrijving-1..3 at spaces, details in their columns, Volgnr the same in any window', () => {
    const [header, first, second] = renderCsv(data, { bank: 'rabobank', openingBalance: 2000 }).split('\r\n');
    expect(header!.split(',')).toHaveLength(26);
    const cells = (line: string): string[] => line.slice(1, -1).split('","').map((cell) => cell.replace(/""/g, '"'));
    const row = cells(first!);
    expect(row.slice(0, 19)).toEqual([
      'NL20INGB0001234567', 'EUR', 'INGBNL2A', '000000000000000001', '2026-01-30', '2026-01-29', '-1.052,50', '+947,50', 'NL91ABNA0417164300', 'Energie "Groen" B.V.', '', '',
      'ABNANL2A', 'ei', '', 'E2E-1', 'M-77', 'NL98ZZZ999999999999', '',
    ]);
    const [o1, o2, o3, reden] = row.slice(19, 23);
    expect([o1!.length <= 96, o2!.length <= 96, reden]).toEqual([true, true, 'MD06']);
    expect([o1, o2, o3].join(' ')).toBe(data.transactions[0]!.description);
    expect(cells(second!).slice(3, 8)).toEqual(['000000000000000002', '2026-02-02', '2026-01-31', '-3,20', '+944,30']);
    const later = renderCsv(data, { bank: 'rabobank', from: '2026-02-01', openingBalance: 2000 }).split('\r\n');
    expect(later).toHaveLength(3);
    expect(later[1]).toBe(second);
  });
});
