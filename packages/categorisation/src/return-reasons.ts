/**
 * SEPA R-transaction reason codes (EPC guidelines): a direct debit that was refused, reversed or
 * refunded carries one of them, e.g. AC04 account closed, AM04 insufficient funds, MD06 refund
 * requested by the debtor, MS02 refused by the debtor.
 */
const REASON_CODE = /^(?:AC0[1-6]|AC13|AG0[12]|AM0[45]|BE05|FF0[15]|MD0[1-7]|MS0[23]|RC01|RR0[1-4]|SL01|FOCR|DUPL|TECH|FRAD|CNOR|DNOR|CUST)$/;

/** Whether `code` (any letter case, surrounding spaces ignored) is a SEPA return reason. */
export function isReturnReason(code: string | null): boolean {
  return code !== null && code.length >= 4 && REASON_CODE.test(code.trim().toUpperCase());
}
