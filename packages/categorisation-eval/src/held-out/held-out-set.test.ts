/**
 * The held-out set is what issue 27 asks for: at least 1,500 transactions, in the statement layouts of at
 * least five banks, with valid labels, and at least 40 % of them from merchants that no catalogue of the
 * categoriser names (computed here against the catalogue as it is, not claimed).
 */
import { canonicalCategoryOf, transactionFlags } from '@obp/contracts';
import { catalogueNamesFromSource, inCatalogue as inCatalogueOf } from '../catalogue-names';
import { isValidIban } from '../support';
import { buildHeldOutSet, heldOutClasses, heldOutSet, type HeldOutItem } from './held-out-set';
import { splitTemplates } from './split';

const catalogueNames = catalogueNamesFromSource();

/** A merchant is in a catalogue when any catalogue name occurs in its name as whole words. */
function inCatalogue(merchant: string): boolean {
  return inCatalogueOf(catalogueNames, merchant);
}

function withMerchant(items: readonly HeldOutItem[]): HeldOutItem[] {
  return items.filter((item) => item.merchant !== null);
}

describe('held-out set', () => {
  it('holds at least 1,500 transactions', () => {
    expect(heldOutSet.length).toBeGreaterThanOrEqual(1500);
  });

  it('is printed in the layouts of at least five banks, each with at least 100 transactions', () => {
    const perBank = new Map<string, number>();
    for (const item of heldOutSet) perBank.set(item.bank, (perBank.get(item.bank) ?? 0) + 1);
    expect([...perBank.values()].filter((count) => count >= 100).length).toBeGreaterThanOrEqual(5);
  });

  it('has every class of the issue, each with at least 60 transactions', () => {
    for (const cls of heldOutClasses) expect([cls, heldOutSet.filter((item) => item.class === cls).length >= 60]).toEqual([cls, true]);
  });

  it('labels every transaction with a canonical category and known flags, and gives it a unique id', () => {
    const flags: ReadonlySet<string> = new Set(transactionFlags);
    const bad = heldOutSet.filter((item) => canonicalCategoryOf(item.expected.category) === null || item.expected.flags.some((flag) => !flags.has(flag)));
    expect(bad.map((item) => item.transaction.id)).toEqual([]);
    expect(new Set(heldOutSet.map((item) => item.transaction.id)).size).toBe(heldOutSet.length);
  });

  it('keeps the flags consistent with direction: direct debits go out, returns and refunds come in', () => {
    const wrong = heldOutSet.filter((item) => {
      const { amount } = item.transaction;
      const f = item.expected.flags;
      return (f.includes('direct-debit') && amount >= 0) || (f.includes('returned-direct-debit') && (amount <= 0 || !item.transaction.reasonCode)) || (f.includes('refund') && amount <= 0);
    });
    expect(wrong.map((item) => `${item.class} ${item.transaction.description}`)).toEqual([]);
  });

  it('gives payouts income.business for a holder with a KvK number and income.other otherwise', () => {
    const payouts = heldOutSet.filter((item) => item.class === 'payout');
    expect(payouts.some((item) => item.kvkNumber) && payouts.some((item) => !item.kvkNumber)).toBe(true);
    expect(payouts.filter((item) => item.expected.category !== (item.kvkNumber ? 'income.business' : 'income.other'))).toEqual([]);
  });

  it('uses valid IBANs for every counterparty account', () => {
    const bad = heldOutSet.map((item) => item.transaction.counterpartAccountNumber).filter((account): account is string => account !== null && !isValidIban(account));
    expect(bad).toEqual([]);
  });

  it('reads the catalogue it compares with', () => {
    expect(catalogueNames).toEqual(expect.arrayContaining(['albert heijn', 'zilveren kruis', 'mollie']));
  });

  it('has at least 40 % of its transactions, and of its merchants, from merchants in no catalogue of the categoriser', () => {
    const items = withMerchant(heldOutSet);
    const unknownItems = items.filter((item) => !inCatalogue(item.merchant as string));
    const merchants = [...new Set(items.map((item) => item.merchant as string))];
    const unknownMerchants = merchants.filter((merchant) => !inCatalogue(merchant));
    const transactionShare = unknownItems.length / heldOutSet.length;
    const merchantShare = unknownMerchants.length / merchants.length;
    console.log(`held-out set: ${unknownItems.length} of ${heldOutSet.length} transactions (${(transactionShare * 100).toFixed(1)} %) and ${unknownMerchants.length} of ${merchants.length} merchants (${(merchantShare * 100).toFixed(1)} %) are from merchants in no catalogue`);
    expect(transactionShare).toBeGreaterThanOrEqual(0.4);
    expect(merchantShare).toBeGreaterThanOrEqual(0.4);
  });

  it('is the same set every time it is built from its seed', () => {
    const again = buildHeldOutSet();
    expect(again.map((item) => item.transaction)).toEqual(heldOutSet.map((item) => item.transaction));
  });
});

describe('held-out set: dev and test halves', () => {
  const processorFronted = heldOutSet.filter((item) => item.class === 'processor-fronted');

  it('puts all the items of a template in one half', () => {
    const halves = new Map<string, Set<string>>();
    for (const item of heldOutSet) halves.set(item.template, (halves.get(item.template) ?? new Set()).add(item.half));
    expect([...halves].filter(([, h]) => h.size > 1).map(([template]) => template)).toEqual([]);
  });

  it('splits the processor-fronted templates of each generator in halves, the extra one to test', () => {
    for (const generator of ['processor-terminal', 'processor-online', 'paylogic']) {
      const templates = [...new Set(processorFronted.filter((item) => item.template.startsWith(`${generator}:`)).map((item) => item.template))];
      const dev = templates.filter((template) => processorFronted.find((item) => item.template === template)?.half === 'dev');
      expect([generator, dev.length]).toEqual([generator, Math.floor(templates.length / 2)]);
    }
  });

  it('keeps a shop behind a processor in one half, whichever way it was paid', () => {
    const halves = new Map<string, Set<string>>();
    for (const item of processorFronted) halves.set(item.merchant ?? '', (halves.get(item.merchant ?? '') ?? new Set()).add(item.half));
    expect([...halves].filter(([, h]) => h.size > 1).map(([merchant]) => merchant)).toEqual([]);
  });

  it('decides a template\'s half by its key and its generator\'s other keys alone, not by the order they come in', () => {
    const keys = ['g:a', 'g:b', 'g:c', 'g:d', 'g:e', 'h:x'];
    const forward = splitTemplates(keys);
    const backward = splitTemplates([...keys].reverse());
    expect(keys.map((key) => backward.get(key))).toEqual(keys.map((key) => forward.get(key)));
    expect(keys.filter((key) => key.startsWith('g:') && forward.get(key) === 'dev')).toHaveLength(2);
    expect(forward.get('h:x')).toBe('test');
  });
});
