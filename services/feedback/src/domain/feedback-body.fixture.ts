import type { CategorizationFeedbackBody } from '@obp/contracts';

/** A spec 2.7 body as the service receives it (parsed), for unit tests. */
export const feedbackBodyFixture = (overrides: Partial<CategorizationFeedbackBody> = {}): CategorizationFeedbackBody => ({
  engine: 'e1',
  countryCode: 'nl',
  profile: 'retail',
  transactionId: '6f0b1c9e-8a7d-4e3f-9b2a-1c0d9e8f7a6b',
  accountId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  amount: -42.5,
  currency: 'EUR',
  description: 'Betaalautomaat 12:01 pasnr. 123',
  counterpartDescription: 'Ekoplaza Utrecht',
  counterpartAccountNumber: 'NL91 abna 0417 1643 00',
  providerKey: 'sandbox-retail',
  transactionType: 'POS',
  transactionTypeName: 'Betaalautomaat',
  reasonCode: null,
  purposeCode: null,
  originalCategory: 'expenses.shopping',
  originalFlags: [],
  targetCategory: 'expenses.groceries.organic',
  targetFlags: [],
  remark: 'An organic supermarket',
  ...overrides,
});
