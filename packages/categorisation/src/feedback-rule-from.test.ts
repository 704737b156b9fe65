import { categorise } from './categorise';
import { feedbackRuleFrom, orderFeedbackRules, type AcceptedCorrection } from './feedback-rule-from';
import { transaction } from './transaction.fixture';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 10, minute));

const correction = (id: string, tx: AcceptedCorrection['transaction'], category: string, acceptedAt = at(0)): AcceptedCorrection => ({ id, acceptedAt, transaction: tx, category, flags: [] });

const categoryOf = (tx: AcceptedCorrection['transaction'], corrections: AcceptedCorrection[]) => {
  const rules = orderFeedbackRules(corrections.map(feedbackRuleFrom).filter((r) => r !== null));
  const [result] = categorise([tx], { profile: 'retail', rules });
  return [result!.category, result!.source];
};

describe('feedbackRuleFrom', () => {
  it('keys a correction on the counterparty’s own account number, so the next payment to it is categorised the same', () => {
    const taught = transaction({ amount: -23.4, counterpartName: 'Ekoplaza Utrecht', counterpartAccountNumber: 'nl20 ingb 0001 2345 67', description: 'Betaalpas 12-11 14:03' });
    expect(feedbackRuleFrom(correction('f-1', taught, 'expenses.groceries'))).toMatchObject({ rule: { counterpartAccountNumber: 'NL20INGB0001234567' }, specificity: 3 });
    const next = transaction({ amount: -8.1, counterpartName: 'EKOPLAZA UTR', counterpartAccountNumber: 'NL20INGB0001234567', description: 'Betaalpas 19-11 09:12' });
    expect(categoryOf(next, [correction('f-1', taught, 'expenses.groceries')])).toEqual(['expenses.groceries', 'feedback:f-1']);
    const elsewhere = transaction({ amount: -8.1, counterpartName: 'Bakkerij Bart', counterpartAccountNumber: 'NL02ABNA0123456789' });
    expect(categoryOf(elsewhere, [correction('f-1', taught, 'expenses.groceries')])[1]).not.toBe('feedback:f-1');
  });

  it('keys it on the merchant’s name behind a payment processor, whose account many merchants share', () => {
    const taught = transaction({ amount: -59, counterpartName: 'Stichting Mollie Payments', counterpartAccountNumber: 'NL55ABNA0411111111', description: 'Naam: Stichting Mollie Payments Omschrijving: M123456 Fietsenwinkel De Ketting bestelling 991' });
    expect(feedbackRuleFrom(correction('f-2', taught, 'expenses.shopping'))).toMatchObject({ rule: { descriptionPattern: 'fietsenwinkel*ketting*bestelling' }, specificity: 2 });
    const sameShop = transaction({ amount: -12, counterpartName: 'Stichting Mollie Payments', counterpartAccountNumber: 'NL55ABNA0411111111', description: 'Naam: Stichting Mollie Payments Omschrijving: M777 Fietsenwinkel De Ketting bestelling 1204' });
    const otherShop = transaction({ amount: -12, counterpartName: 'Stichting Mollie Payments', counterpartAccountNumber: 'NL55ABNA0411111111', description: 'Naam: Stichting Mollie Payments Omschrijving: M778 Bloemenhuis Flora bestelling 77' });
    expect(categoryOf(sameShop, [correction('f-2', taught, 'expenses.shopping')])).toEqual(['expenses.shopping', 'feedback:f-2']);
    expect(categoryOf(otherShop, [correction('f-2', taught, 'expenses.shopping')])[1]).not.toBe('feedback:f-2');
  });

  it('keys it on the counterparty’s name when there is no account number', () => {
    const taught = transaction({ amount: -12.5, counterpartName: 'Kaasboer Henk', description: 'Betaalautomaat 10:15 pasnr. 021' });
    expect(feedbackRuleFrom(correction('f-3', taught, 'expenses.groceries'))).toMatchObject({ rule: { counterpartName: 'Kaasboer Henk' }, specificity: 2 });
    const next = transaction({ amount: -7, counterpartName: 'KAASBOER HENK 0417 ZWOLLE', description: 'Betaalautomaat 09:02 pasnr. 021' });
    expect(categoryOf(next, [correction('f-3', taught, 'expenses.groceries')])).toEqual(['expenses.groceries', 'feedback:f-3']);
  });

  it('falls back on the first words of the description without digits, and on nothing when there are none', () => {
    const taught = transaction({ amount: -30, description: 'Contributie tennisvereniging Smash 2026-11 lid 4411' });
    expect(feedbackRuleFrom(correction('f-4', taught, 'expenses.leisure'))).toMatchObject({ rule: { descriptionPattern: 'contributie*tennisvereniging*smash' }, specificity: 1 });
    const next = transaction({ amount: -30, description: 'CONTRIBUTIE Tennisvereniging SMASH 2026-12 lid 4411' });
    expect(categoryOf(next, [correction('f-4', taught, 'expenses.leisure')])).toEqual(['expenses.leisure', 'feedback:f-4']);
    expect(feedbackRuleFrom(correction('f-5', transaction({ amount: -30, description: '0412 12-11' }), 'expenses.other'))).toBeNull();
  });
});

describe('orderFeedbackRules', () => {
  const shop = transaction({ amount: -20, counterpartName: 'Ekoplaza Utrecht', counterpartAccountNumber: 'NL20INGB0001234567', description: 'Betaalpas' });
  const sameNameOnly = transaction({ amount: -20, counterpartName: 'Ekoplaza Utrecht', description: 'Betaalpas' });

  it('lets a more specific rule beat a more general one, whichever is newer', () => {
    const byAccount = correction('by-account', shop, 'expenses.groceries', at(0));
    const byName = correction('by-name', sameNameOnly, 'expenses.shopping', at(30));
    expect(categoryOf(shop, [byName, byAccount])).toEqual(['expenses.groceries', 'feedback:by-account']);
    // Without the account number only the name rule matches.
    expect(categoryOf(sameNameOnly, [byName, byAccount])).toEqual(['expenses.shopping', 'feedback:by-name']);
  });

  it('lets the newest accepted of equally specific rules win', () => {
    const older = correction('older', shop, 'expenses.shopping', at(0));
    const newer = correction('newer', shop, 'expenses.groceries', at(5));
    expect(categoryOf(shop, [older, newer])).toEqual(['expenses.groceries', 'feedback:newer']);
    expect(categoryOf(shop, [newer, older])).toEqual(['expenses.groceries', 'feedback:newer']);
  });
});
