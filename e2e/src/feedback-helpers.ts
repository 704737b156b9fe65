import { randomUUID } from 'node:crypto';
import type { paths } from '@obp/client';
import type { FeedbackItemDto } from '@obp/contracts';
import { waitFor } from '@obp/testkit';
import type { Stack } from './harness';

export type FeedbackBody = paths['/v2/categorization-feedback']['post']['requestBody']['content']['application/json'];

/** A spec 2.7 body as an app sends it, for a new transaction unless told. */
export const feedbackBody = (overrides: Partial<FeedbackBody> = {}): FeedbackBody => ({
  engine: 'e1',
  countryCode: 'nl',
  profile: 'retail',
  transactionId: randomUUID(),
  accountId: randomUUID(),
  amount: -23.4,
  currency: 'EUR',
  description: 'BEA, Betaalpas Ekoplaza Utrecht,PAS123 NR:X1Y2Z3 12.11.26/14:03',
  counterpartDescription: 'Ekoplaza Utrecht',
  counterpartAccountNumber: 'NL20INGB0001234567',
  providerKey: 'sandbox-retail',
  transactionType: 'POS',
  transactionTypeName: 'Betaalautomaat',
  reasonCode: null,
  purposeCode: null,
  originalCategory: 'expenses.shopping',
  originalFlags: [],
  targetCategory: 'expenses.groceries',
  targetFlags: [],
  remark: 'This is an organic supermarket.',
  ...overrides,
});

export const postFeedback = (stack: Stack, token: string, body: unknown) => stack.api(token, '/v2/categorization-feedback', { method: 'POST', json: body });

/** Submits feedback through the generated client and returns its id. */
export async function submitFeedback(stack: Stack, token: string, body: FeedbackBody = feedbackBody()): Promise<string> {
  const { data } = await stack.clientWithToken(token).POST('/v2/categorization-feedback', { body });
  return data.data.id;
}

export async function feedbackItem(stack: Stack, token: string, id: string): Promise<FeedbackItemDto> {
  const { data } = await stack.clientWithToken(token).GET('/v2/categorization-feedback/{id}', { params: { path: { id } } });
  return data.data;
}

/** A reviewer's decision as raw HTTP, for tests of its refusals (409, 404). */
export const decideFeedback = (stack: Stack, reviewerToken: string, id: string, decision: 'Accepted' | 'Rejected', note: string | null = null) =>
  stack.api(reviewerToken, `/v2/review/categorization-feedback/${id}/decision`, { method: 'POST', json: { decision, note } });

/** A reviewer's decision through the generated client (a 2xx, or it throws): the item as decided. */
export async function reviewFeedback(stack: Stack, reviewerToken: string, id: string, decision: 'Accepted' | 'Rejected', note: string | null = null) {
  const { data, response } = await stack.clientWithToken(reviewerToken).POST('/v2/review/categorization-feedback/{id}/decision', { params: { path: { id } }, body: { decision, note } });
  return { item: data.data, status: response.status };
}

/** Waits until the item has the status (superseding follows the feedback service's own events). */
export const feedbackWithStatus = (stack: Stack, token: string, id: string, status: FeedbackItemDto['status']) =>
  waitFor(async () => {
    const item = await feedbackItem(stack, token, id);
    return item.status === status && item;
  }, { what: `feedback ${id} to be ${status}`, timeoutMs: 30_000 });
