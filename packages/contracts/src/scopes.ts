export const Scopes = {
  customerApi: 'customer-api',
  feedbackReview: 'feedback-review',
} as const;

export const knownScopes: readonly string[] = Object.values(Scopes);
