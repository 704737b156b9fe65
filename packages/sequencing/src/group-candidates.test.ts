import { groupByCounterparty } from './group-candidates';
import { prepareTransactions } from './prepare-transactions';
import type { SequencingTransaction } from './types';

const WINDOW_START = Date.parse('2025-01-01T00:00:00Z');
const AS_OF = Date.parse('2026-01-01T00:00:00Z');

/** One expense a day from 2025-02-01 per [name, IBAN]; the groups as lists of counterpart names. */
function groupNames(payments: readonly [name: string, iban: string | null][]): string[][] {
  const transactions: SequencingTransaction[] = payments.map(([name, iban], i) => ({
    id: `t${i}`,
    amount: -10,
    bookingDate: new Date(Date.parse('2025-02-01T00:00:00Z') + i * 86_400_000).toISOString(),
    counterpartName: name,
    counterpartAccountNumber: iban,
  }));
  const prepared = prepareTransactions(transactions, WINDOW_START, AS_OF, new Set());
  return groupByCounterparty(prepared).map((g) => g.transactions.map((t) => t.source.counterpartName ?? ''));
}

describe('groupByCounterparty', () => {
  it('puts card descriptors of one merchant together through a city suffix, a reference code and a legal form', () => {
    expect(groupNames([['SPOTIFY AB STOCKHOLM', null], ['Spotify P2B8C7D1E', null], ['Spotify AB', null]])).toEqual([
      ['SPOTIFY AB STOCKHOLM', 'Spotify P2B8C7D1E', 'Spotify AB'],
    ]);
  });

  it('puts a brand abbreviation with a store format together with the brand', () => {
    expect(groupNames([['AH to go 5812', null], ['ALBERT HEIJN 1403', null]])).toEqual([['AH to go 5812', 'ALBERT HEIJN 1403']]);
  });

  it('links a card name that extends another, also one seen with an IBAN', () => {
    expect(groupNames([['Spotify AB', 'SE3550000000054910000003'], ['SPOTIFY PREMIUM FAMILY', null]])).toEqual([['Spotify AB', 'SPOTIFY PREMIUM FAMILY']]);
  });

  it('links none of the names that extend a generic word used by more than three of them', () => {
    const cafes = groupNames([['Cafe', null], ['Cafe Hoppe', null], ['Cafe Wildschut', null], ['Cafe Americain', null], ['Cafe Brecht', null]]);
    expect(cafes).toHaveLength(5);
  });

  it('takes places off card names only: names with an IBAN are the account holder’s', () => {
    const councils = groupNames([['Gemeente Utrecht', 'NL11BNGH0285001234'], ['Gemeente Amsterdam', 'NL22BNGH0285005678']]);
    expect(councils).toEqual([['Gemeente Utrecht'], ['Gemeente Amsterdam']]);
  });

  it('keeps two merchants apart whose names share only a first word', () => {
    expect(groupNames([['Albert Heijn 1403', null], ['Albert Schweitzer Ziekenhuis', null]])).toHaveLength(2);
  });
});

describe('groupByCounterparty with reference codes of letters only', () => {
  it('counts the words that extend a name, not the names: many references after one word still link', () => {
    const names = ["MCDONALD'S AMSTERDAM", 'McDonalds App QWERTY', 'MCD App NL', 'McDonalds App ZXCVBN', 'McDonalds App ASDFGH', 'McDonalds App POIUYT'];
    expect(groupNames(names.map((name) => [name, null]))).toEqual([names]);
  });
});
