import { has, Signal, typeSignals } from './signals';

describe('typeSignals', () => {
  it.each([
    ['ba', null, Signal.Card],
    ['GM', null, Signal.Atm],
    ['ei', null, Signal.DirectDebit],
    ['ic', null, Signal.DirectDebit],
    ['id', null, Signal.Ideal],
    ['tb', null, Signal.Transfer],
    ['PMNT-CCRD-CWDL', null, Signal.Atm],
    ['PMNT-IDDT-ESDD', null, Signal.DirectDebit],
    ['PMNT-IDDT-UPDD', null, Signal.Returned],
    ['PMNT-RCDT-SALA', null, Signal.Salary],
    [null, 'Betaalautomaat', Signal.Card],
    [null, 'SEPA Incasso', Signal.DirectDebit],
    [null, 'Geldautomaat', Signal.Atm],
    [null, 'Card payment', Signal.Card],
    [null, 'Rente', Signal.Interest],
    [null, 'Kosten', Signal.Fees],
  ])('%s / %s', (code, name, signal) => {
    expect(has(typeSignals(code, name), signal)).toBe(true);
  });

  it('says nothing for unknown or absent types', () => {
    expect(typeSignals(null, null)).toBe(0);
    expect(typeSignals('zz', 'Onbekend')).toBe(0);
  });
});
