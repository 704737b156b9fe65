import { normalisedCounterparty } from './counterparty';
import { transaction } from './transaction.fixture';

describe('normalisedCounterparty', () => {
  it.each([
    [{ counterpartName: 'ALBERT HEIJN 1403 UTRECHT' }, 'albert heijn'],
    [{ counterpartName: 'Netflix International B.V.' }, 'netflix international'],
    [{ counterpartName: 'PAYPAL *SPOTIFY' }, 'spotify'],
    [{ description: 'BEA, Betaalpas                   Jumbo Utrecht,PAS123 NR:X, 05.02.24/10:00 UTRECHT' }, 'jumbo'],
    [{ description: '/TRTP/SEPA Incasso algemeen doorlopend/CSID/NL12ZZZ123456780000/NAME/Vattenfall Klantenservice N.V./MARF/123/REMI/x' }, 'vattenfall klantenservice'],
  ])('%j → %s', (fields, expected) => {
    expect(normalisedCounterparty(transaction({ amount: -1, ...fields }))).toBe(expected);
  });

  it('is null when neither the name nor the description names anybody', () => {
    expect(normalisedCounterparty(transaction({ amount: -1 }))).toBeNull();
    expect(normalisedCounterparty(transaction({ amount: -1, counterpartName: ' .,- ', description: 'maart' }))).toBeNull();
  });
});
