/**
 * ISO 20022 purpose codes (ExternalPurpose1Code) the payer's bank passes on: when present they say
 * what the payment is for, whoever the counterparty is.
 */
import type { Category, DirectedOutcomes } from './types';

const STRONG = 0.9;
const FAIR = 0.8;

function income(category: Category, confidence = STRONG): DirectedOutcomes {
  return { in: { category, confidence } };
}
function expense(category: Category, confidence = STRONG): DirectedOutcomes {
  return { out: { category, confidence } };
}
function both(outCategory: Category, inCategory: Category, confidence = STRONG): DirectedOutcomes {
  return { out: { category: outCategory, confidence }, in: { category: inCategory, confidence } };
}

export const purposeCodes: ReadonlyMap<string, DirectedOutcomes> = new Map<string, DirectedOutcomes>([
  ['SALA', both('expenses.business.salaries', 'income.salary')],
  ['PAYR', both('expenses.business.salaries', 'income.salary')],
  ['BONU', both('expenses.business.salaries', 'income.salary')],
  ['PENS', income('income.pension')],
  ['ANNI', income('income.pension', FAIR)],
  ['BENE', income('income.benefits')],
  ['SSBE', income('income.benefits')],
  ['GOVT', income('income.benefits', FAIR)],
  ['BECH', income('income.benefits')],
  ['AEMP', income('income.benefits')],
  ['ALLW', income('income.benefits', FAIR)],
  ['TAXS', both('expenses.taxes', 'income.refund')],
  ['NITX', both('expenses.taxes.income-tax', 'income.refund')],
  ['VATX', both('expenses.taxes.vat', 'income.refund')],
  ['WHLD', expense('expenses.taxes.payroll-tax')],
  ['ESTX', expense('expenses.taxes')],
  ['INTE', both('expenses.loans', 'income.interest')],
  ['RENT', expense('expenses.housing.rent')],
  ['HLRP', expense('expenses.housing.mortgage')],
  ['HLST', expense('expenses.housing.mortgage')],
  ['CHAR', expense('expenses.charity')],
  ['INSU', expense('expenses.insurance.other')],
  ['INPC', expense('expenses.insurance.other')],
  ['LIFI', expense('expenses.insurance.other')],
  ['PPTI', expense('expenses.insurance.other')],
  ['HLTI', expense('expenses.insurance.health')],
  ['LOAN', expense('expenses.loans')],
  ['LOAR', expense('expenses.loans')],
  ['CCRD', expense('expenses.loans', FAIR)],
  ['CDBL', expense('expenses.loans', FAIR)],
  ['ELEC', expense('expenses.housing.energy')],
  ['GASB', expense('expenses.housing.energy')],
  ['ENRG', expense('expenses.housing.energy')],
  ['WTER', expense('expenses.housing.water')],
  ['PHON', expense('expenses.telecom')],
  ['NWCH', expense('expenses.telecom')],
  ['CBTV', expense('expenses.telecom')],
  ['SUBS', expense('expenses.subscriptions', FAIR)],
  ['EDUC', expense('expenses.education')],
  ['STDY', expense('expenses.education')],
  ['DNTS', expense('expenses.health')],
  ['MDCS', expense('expenses.health')],
  ['HSPC', expense('expenses.health')],
  ['RLWY', expense('expenses.transport.public')],
  ['BUSB', expense('expenses.transport.public')],
  ['AIRB', expense('expenses.travel')],
  ['FERB', expense('expenses.travel')],
  ['CASH', both('expenses.cash', 'income.other', FAIR)],
  ['SAVG', both('transfers.savings', 'transfers.savings', FAIR)],
  ['REFU', income('income.refund')],
  ['RFND', income('income.refund')],
  ['SUPP', both('expenses.business', 'income.business', FAIR)],
  ['TRAD', both('expenses.business', 'income.business', FAIR)],
  ['GDSV', both('expenses.business', 'income.business', FAIR)],
  ['SCVE', both('expenses.business', 'income.business', FAIR)],
  ['COMM', both('expenses.business', 'income.business', FAIR)],
]);

/** Outcomes of a purpose code (any letter case); undefined for an unknown or absent code. */
export function outcomesOfPurpose(code: string | null): DirectedOutcomes | undefined {
  return code ? purposeCodes.get(code.trim().toUpperCase()) : undefined;
}
