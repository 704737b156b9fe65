import { platformAccountFields, platformBalances, platformTransactionFields, withExternalIds } from './platform-transaction';
import type { Xs2aTransaction } from './xs2a-client';

const base: Xs2aTransaction = { bookingDate: '2026-03-02', valueDate: '2026-03-01', transactionAmount: { currency: 'EUR', amount: '-12.50' } };

describe('an XS2A transaction as the platform’s transaction', () => {
  it('maps every field categorisation reads', () => {
    const t = platformTransactionFields({
      ...base,
      transactionId: 't1',
      entryReference: 'E-77',
      endToEndId: 'INV-2026-114',
      mandateId: 'M-9',
      creditorId: 'NL98ZZZ999999999999',
      creditorName: 'Vattenfall',
      creditorAccount: { iban: 'NL86INGB0002445588' },
      remittanceInformationUnstructured: 'Termijnbedrag maart',
      additionalInformation: 'Incasso',
      purposeCode: 'ELEC',
      bankTransactionCode: 'PMNT-RDDT-ESDD',
      proprietaryBankTransactionCode: 'ei',
    });
    expect(t).toEqual({
      amount: -12.5,
      currency: 'EUR',
      bookingDate: '2026-03-02T00:00:00.000Z',
      valueDate: '2026-03-01T00:00:00.000Z',
      description: 'Termijnbedrag maart',
      counterpartName: 'Vattenfall',
      counterpartAccountNumber: 'NL86INGB0002445588',
      transactionType: 'ei',
      transactionTypeName: 'Incasso',
      reasonCode: null,
      purposeCode: 'ELEC',
      bankReference: 'E-77',
      endToEndId: 'INV-2026-114',
      mandateId: 'M-9',
      creditorSchemeId: 'NL98ZZZ999999999999',
      bankTransactionCode: 'PMNT-RDDT-ESDD',
    });
  });

  it('reads money in from the debtor, the remittance from the array or the structured reference, a card’s merchant category', () => {
    expect(platformTransactionFields({ ...base, transactionAmount: { currency: 'EUR', amount: '2500.00' }, debtorName: 'Acme BV', debtorAccount: { bban: '123456789' }, creditorName: 'Me', remittanceInformationUnstructuredArray: ['Salaris maart', 'periode 3'] })).toMatchObject({
      amount: 2500,
      counterpartName: 'Acme BV',
      counterpartAccountNumber: '123456789',
      description: 'Salaris maart periode 3',
    });
    expect(platformTransactionFields({ ...base, ultimateCreditor: 'Gemeente Utrecht', remittanceInformationStructured: { reference: 'RF18539007547034' } })).toMatchObject({ counterpartName: 'Gemeente Utrecht', description: 'RF18539007547034' });
    expect(platformTransactionFields({ ...base, creditorName: 'Albert Heijn 1234', merchantCategoryCode: '5411', bankTransactionCode: 'PMNT-CCRD-POSD' })).toMatchObject({ merchantCategoryCode: '5411', transactionType: 'PMNT-CCRD-POSD', description: null });
  });

  it('keys each transaction by transactionId, else entryReference, else its content and place; a repeated key is kept once', () => {
    const keyed = withExternalIds([
      { ...base, transactionId: 'a' },
      { ...base, transactionId: 'a' },
      { ...base, entryReference: 'r1' },
      { ...base, creditorAccount: { iban: 'NL86 INGB 0002 4455 88' } },
      { ...base, creditorAccount: { iban: 'NL86INGB0002445588' } },
    ]);
    expect(keyed.map((t) => t.externalId)).toEqual(['id:a', 'ref:r1', 'content:2026-03-02|-12.5|EUR|NL86INGB0002445588|1', 'content:2026-03-02|-12.5|EUR|NL86INGB0002445588|2']);
  });

  it('maps an account: savings by its cash account type, the name from name, display name or product', () => {
    expect(platformAccountFields({ resourceId: 'r', iban: 'NL02ABNA0123456789', currency: 'EUR', displayName: 'Sparen', cashAccountType: 'SVGS', ownerName: 'A. Jansen' })).toEqual({
      iban: 'NL02ABNA0123456789',
      name: 'Sparen',
      type: 'Savings',
      currency: 'EUR',
      ownerName: 'A. Jansen',
    });
  });
});

describe('an XS2A account’s balances as the platform’s account shows them', () => {
  it('keeps each balance’s type, signed amount, currency and dates', () => {
    expect(
      platformBalances([
        { balanceType: 'closingBooked', balanceAmount: { currency: 'EUR', amount: '-120.05' }, referenceDate: '2026-11-28' },
        { balanceType: 'interimAvailable', balanceAmount: { currency: 'EUR', amount: '1500' }, lastChangeDateTime: '2026-11-29T08:00:00Z' },
      ]),
    ).toEqual([
      { type: 'closingBooked', amount: -120.05, currency: 'EUR', referenceDate: '2026-11-28', lastChangeDateTime: null },
      { type: 'interimAvailable', amount: 1500, currency: 'EUR', referenceDate: null, lastChangeDateTime: '2026-11-29T08:00:00Z' },
    ]);
  });
});
