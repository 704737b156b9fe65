/** Builds transactions for tests: only what a test is about has to be written. */
import type { TransactionDto } from '@obp/contracts';

let sequence = 0;

export function transaction(fields: Partial<TransactionDto> & Pick<TransactionDto, 'amount'>): TransactionDto {
  sequence++;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    accountId: '11111111-1111-4111-8111-111111111111',
    currency: 'EUR',
    bookingDate: '2024-03-01T00:00:00.000Z',
    valueDate: null,
    description: null,
    counterpartName: null,
    counterpartAccountNumber: null,
    transactionType: null,
    transactionTypeName: null,
    reasonCode: null,
    purposeCode: null,
    ...fields,
  };
}
