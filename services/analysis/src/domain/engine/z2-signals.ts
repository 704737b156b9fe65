import type { TransactionDto } from '@obp/contracts';
import { normaliseIban } from './internal-transfers';

/**
 * What engine z2 recognises without categorising: only bank type and purpose codes, counterpart names and
 * description keywords, each a fixed list. (Engine e1 takes the same facts from the categoriser's categories
 * and flags, which also weigh SEPA creditor ids, amounts, sequences and feedback rules.)
 */

function wordsPattern(words: readonly string[]): RegExp {
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * Operators holding a Dutch gambling licence (Kansspelautoriteit register: online casinos and betting, the
 * state and charity lotteries), as they appear in counterpart names and descriptions.
 */
export const DUTCH_GAMBLING_OPERATORS: readonly string[] = [
  'Holland Casino',
  'Nederlandse Loterij',
  'Staatsloterij',
  'Lotto',
  'TOTO',
  'Eurojackpot',
  'Nationale Postcode Loterij',
  'Postcode Loterij',
  'VriendenLoterij',
  'BankGiro Loterij',
  'Unibet',
  'BetCity',
  'bet365',
  'BetMGM',
  'Jacks.nl',
  'Jacks Casino',
  'TonyBet',
  'Kansino',
  'Bingoal',
  'Circus.nl',
  '711.nl',
  'LeoVegas',
  'ZEbet',
  'Livescore Bet',
  'Fair Play Casino',
  'One Casino',
  'Starcasino',
  'Vbet',
  'ComeOn',
  'PokerStars',
  '888casino',
];

const GAMBLING = wordsPattern(DUTCH_GAMBLING_OPERATORS);
const CASH_TEXT = /\bgeldautomaat\b|\bGEA\b/i;
const RETURNED_DIRECT_DEBIT = /storno|terugboeking/i;
const TAX_AUTHORITY_NAME = /belasting/i;
const NATIONAL_TAX_OFFICE_NAME = /belastingdienst/i;
/** The Belastingdienst's account for tax payments. */
const NATIONAL_TAX_OFFICE_IBAN = 'NL86INGB0002445588';
const VAT_TEXT = /\bbtw\b|omzetbelasting/i;
const TAX_PURPOSE_CODES = new Set(['TAXS', 'VATX', 'WHLD', 'NITX', 'ESTX']);

const matches = (pattern: RegExp, ...texts: Array<string | null>): boolean => texts.some((text) => text !== null && pattern.test(text));

export function isGamblingOperator(tx: TransactionDto): boolean {
  return matches(GAMBLING, tx.counterpartName, tx.description);
}

/** Type code 'gm' (geldautomaat), or a description naming an ATM withdrawal. */
export function isCashWithdrawal(tx: TransactionDto): boolean {
  return tx.transactionType?.toLowerCase() === 'gm' || matches(CASH_TEXT, tx.description, tx.transactionTypeName);
}

export function isReturnedDirectDebit(tx: TransactionDto): boolean {
  return matches(RETURNED_DIRECT_DEBIT, tx.reasonCode, tx.description, tx.transactionTypeName);
}

function isNationalTaxOffice(tx: TransactionDto): boolean {
  return matches(NATIONAL_TAX_OFFICE_NAME, tx.counterpartName) || (tx.counterpartAccountNumber !== null && normaliseIban(tx.counterpartAccountNumber) === NATIONAL_TAX_OFFICE_IBAN);
}

/** A payment of VAT: to the Belastingdienst, with purpose code VATX or a description naming BTW / omzetbelasting. */
export function isVatPayment(tx: TransactionDto): boolean {
  return isNationalTaxOffice(tx) && (tx.purposeCode?.toUpperCase() === 'VATX' || matches(VAT_TEXT, tx.description));
}

/** A payment to the tax authorities: the Belastingdienst, a municipal tax office, or a tax purpose code. */
export function isTaxPayment(tx: TransactionDto): boolean {
  return isNationalTaxOffice(tx) || matches(TAX_AUTHORITY_NAME, tx.counterpartName) || (tx.purposeCode !== null && TAX_PURPOSE_CODES.has(tx.purposeCode.toUpperCase()));
}
