import { canonicalCategoryOf } from '@obp/contracts';
import { catalogueSize, findMerchantInName, findMerchantInText, merchantSpecs } from './catalogue';
import { normaliseName, normaliseText } from './normalise';

function merchantOf(name: string): string | undefined {
  return findMerchantInName(normaliseName(name))?.spec.id;
}

function categoryOf(name: string): string | undefined {
  return findMerchantInName(normaliseName(name))?.spec.outcomes.out?.category;
}

describe('merchant catalogue', () => {
  it('holds well over 400 organisations, every one with canonical categories', () => {
    expect(catalogueSize().organisations).toBeGreaterThanOrEqual(400);
    for (const spec of merchantSpecs) {
      for (const outcome of [spec.outcomes.in, spec.outcomes.out]) if (outcome) expect([spec.id, canonicalCategoryOf(outcome.category)]).not.toEqual([spec.id, null]);
    }
  });

  it.each([
    ['ALBERT HEIJN 1403 AMSTERDAM', 'expenses.groceries'],
    ['AH to go 5847', 'expenses.eating-out'],
    ['PLUS Van Gaal', 'expenses.groceries'],
    ['Picnic B.V.', 'expenses.groceries'],
    ['Thuisbezorgd.nl', 'expenses.eating-out'],
    ['Uber Eats', 'expenses.eating-out'],
    ['Uber BV', 'expenses.transport.public'],
    ['NS GROEP IZ NS REIZIGERS', 'expenses.transport.public'],
    ['NS International', 'expenses.travel'],
    ['Shell 0345 Utrecht', 'expenses.transport.fuel'],
    ['Q-Park Nederland', 'expenses.transport.car'],
    ['Eneco Consumenten', 'expenses.housing.energy'],
    ['Coolblue Energie', 'expenses.housing.energy'],
    ['Coolblue B.V.', 'expenses.shopping'],
    ['Brabant Water N.V.', 'expenses.housing.water'],
    ['Gemeente Rotterdam', 'expenses.housing.local-taxes'],
    ['Hoogheemraadschap van Rijnland', 'expenses.housing.local-taxes'],
    ['Zilveren Kruis Zorgverzekeringen', 'expenses.insurance.health'],
    ['Interpolis Zorg', 'expenses.insurance.health'],
    ['Interpolis', 'expenses.insurance.other'],
    ['Odido Netherlands', 'expenses.telecom'],
    ['Ben Nederland B.V.', 'expenses.telecom'],
    ['NETFLIX.COM', 'expenses.subscriptions'],
    ['APPLE.COM/BILL', 'expenses.subscriptions'],
    ['bol.com b.v.', 'expenses.shopping'],
    ['Kruidvat 7788', 'expenses.shopping'],
    ['Apotheek De Vecht', 'expenses.health'],
    ['Basic-Fit Nederland', 'expenses.leisure'],
    ['KLM Royal Dutch Airlines', 'expenses.travel'],
    ['Kinderopvang De Vlinder', 'expenses.childcare'],
    ['KWF Kankerbestrijding', 'expenses.charity'],
    ['Ronald McDonald Kinderfonds', 'expenses.charity'],
    ['Protestantse Gemeente Utrecht', 'expenses.charity'],
    ['Holland Casino', 'expenses.gambling'],
    ['Belastingdienst', 'expenses.taxes'],
    ['International Card Services', 'expenses.loans'],
    ['Ymere', 'expenses.housing.rent'],
    ['Stater Nederland', 'expenses.housing.mortgage'],
    ['ING Hypotheken', 'expenses.housing.mortgage'],
    ['ING Bank N.V.', 'expenses.bank-fees'],
  ])('%s → %s', (name, category) => {
    expect(categoryOf(name)).toBe(category);
  });

  it('matches short and common brand names only where they may match', () => {
    expect(merchantOf('Ben de Vries')).toBeUndefined();
    expect(merchantOf('Dirk Jansen')).toBeUndefined();
    expect(merchantOf('Dirk 4011 Amsterdam')).toBe('merchant.dirk');
    expect(merchantOf('Jansen Plus')).toBeUndefined();
    expect(merchantOf('AH 1234 Utrecht')).toBe('merchant.albert-heijn');
    expect(findMerchantInText(normaliseText('Bijdrage ah en plus'))).toBeNull();
    expect(findMerchantInText(normaliseText('Termijn Vattenfall januari'))?.spec.id).toBe('merchant.vattenfall');
  });

  it('prefers the longest name: a pension fund is not the oil company it is named after', () => {
    expect(merchantOf('Stichting Shell Pensioenfonds')).toBe('merchant.shell-pensioenfonds');
    expect(merchantOf('ANWB Verzekeringen')).toBe('merchant.anwb-verzekeringen');
  });
});
