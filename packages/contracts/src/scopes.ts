export const Scopes = {
  customerApi: 'customer-api',
  feedbackReview: 'feedback-review',
} as const;

export type Scope = (typeof Scopes)[keyof typeof Scopes];

export const knownScopes: readonly string[] = Object.values(Scopes);

export const isScope = (value: string): value is Scope => knownScopes.includes(value);
