import { categoriseOne, type CategoriseOptions } from './index';
import { categoryOfMerchantCode } from './merchant-category-codes';
import { transaction } from './transaction.fixture';

const retail: CategoriseOptions = { profile: 'retail' };

/** A card payment at a merchant whose name says nothing, as a camt import gives it with the card's merchant category code. */
function cardAt(name: string, merchantCategoryCode: string | null, amount = -12.5) {
  return categoriseOne(transaction({ amount, transactionType: 'ba', counterpartName: name, description: `Pasvolgnr: 001 ${name}`, merchantCategoryCode }), retail);
}

describe('merchant category codes (ISO 18245)', () => {
  it.each([
    ['5411', 'expenses.groceries'],
    ['5462', 'expenses.groceries'],
    ['5812', 'expenses.eating-out'],
    ['5814', 'expenses.eating-out'],
    ['5541', 'expenses.transport.fuel'],
    ['5542', 'expenses.transport.fuel'],
    ['5533', 'expenses.transport.car'],
    ['5912', 'expenses.health'],
    ['8021', 'expenses.health'],
    ['4111', 'expenses.transport.public'],
    ['4121', 'expenses.transport.public'],
    ['7011', 'expenses.travel'],
    ['3501', 'expenses.travel'],
    ['5311', 'expenses.shopping'],
    ['5651', 'expenses.shopping'],
    ['7832', 'expenses.leisure'],
    ['7995', 'expenses.gambling'],
    ['6011', 'expenses.cash'],
    ['8220', 'expenses.education'],
    ['7523', 'expenses.transport.car'],
  ])('reads code %s of a merchant with a name that says nothing as %s', (code, category) => {
    const result = cardAt('De Gouden Hoek', code);
    expect(result.category.startsWith(category)).toBe(true);
    expect(result.source).toBe(`rule:mcc.${code}`);
  });

  it('says nothing for codes whose trade spans categories, malformed codes or none', () => {
    for (const code of ['5999', '7399', '5045', '581', 'abcd', '', null]) expect(categoryOfMerchantCode(code)).toBeUndefined();
    expect(cardAt('De Gouden Hoek', '5999').category).toBe('expenses.other');
  });

  it('leaves a catalogue merchant as the catalogue knows it and money in to the refund rules', () => {
    expect(cardAt('ALBERT HEIJN 1403 AMSTERDAM', '5812').category).toBe('expenses.groceries');
    expect(cardAt('De Gouden Hoek', '5812', 12.5).category).not.toBe('expenses.eating-out');
  });

  it('outweighs a trade word in an unknown name', () => {
    // a pastry baker with a tea room, which the scheme knows as a restaurant
    expect(cardAt('Banketbakkerij Het Plein', null).category).toBe('expenses.groceries');
    expect(cardAt('Banketbakkerij Het Plein', '5812').category).toBe('expenses.eating-out');
    expect(cardAt('Bloemenwinkel Het Plein', '5814').category).toBe('expenses.eating-out');
  });
});
