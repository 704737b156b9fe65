import { z } from 'zod/v4';
import { canonicalCategories, canonicalCategoryOf, categorySchema, transactionFlags, transactionFlagSchema, type TransactionFlag } from './categories';
import { defineEvents } from './events/event-catalogue';
import { namesHiddenProblem } from './http/names-hidden';
import { defineRoutes, file, json, locationHeader, problem } from './http/route';
import { dataEnvelope, dateTimeString, guidString, pagedList } from './schema/common';
import { fieldLabel, guid, INT32_MAX, optionalEnumIgnoringCase, optionalString, pathGuid, previewValue, queryInt32, queryString, report, requestObject, requiredString, type Describe } from './schema/fields';
import { component, documentedAs } from './schema/json-schema';
import { Scopes } from './scopes';
import { Topics } from './topics';

export const FeedbackStatuses = ['Pending', 'Accepted', 'Rejected', 'Superseded'] as const;
export type FeedbackStatus = (typeof FeedbackStatuses)[number];
export const FeedbackDecisions = ['Accepted', 'Rejected'] as const;
export type FeedbackDecision = (typeof FeedbackDecisions)[number];
/** Only engine e1 categorises, so only its categories can be corrected. */
export const FeedbackEngines = ['e1'] as const;
export const FeedbackProfiles = ['retail', 'corporate'] as const;

export const MAX_FEEDBACK_DESCRIPTION_LENGTH = 1_000;
export const MAX_FEEDBACK_REMARK_LENGTH = 2_000;
export const MAX_FEEDBACK_NOTE_LENGTH = 2_000;
export const MAX_FEEDBACK_FLAGS = transactionFlags.length;
/** Larger than any balance a bank account holds: an amount beyond it is a mistake. */
export const MAX_FEEDBACK_AMOUNT = 1_000_000_000_000;
export const DEFAULT_FEEDBACK_PAGE_SIZE = 50;
export const MAX_FEEDBACK_PAGE_SIZE = 500;

const required: Describe = (f) => `The ${f} field is required.`;
/** A schema-level error function: the message `describe` makes from the field's name and value. */
const said = (describe: Describe) => (iss: { path?: readonly PropertyKey[]; input?: unknown }) => describe(fieldLabel(iss.path), iss.input);

/** One of `values` (any letter case), returned as written in `values`; required. */
function requiredChoice<const V extends string>(values: readonly V[]) {
  const schema = z.unknown().transform((value, ctx): V => {
    if (value === undefined || value === null) return report(ctx, value, required);
    const match = typeof value === 'string' ? values.find((v) => v.toLowerCase() === value.trim().toLowerCase()) : undefined;
    return match ?? report(ctx, value, (f, v) => `The ${f} field must be one of ${values.join(', ')}; '${previewValue(v)}' is not one.`);
  });
  return documentedAs(schema, { type: 'string', enum: [...values] });
}

/** Spec 2.7: a lower-case two-letter code, required. */
function lowerCaseCountryCode() {
  const schema = z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null) return report(ctx, value, required);
    if (typeof value === 'string' && /^[a-z]{2}$/.test(value)) return value;
    return report(ctx, value, (f, v) => `The ${f} field must be a two-letter country code in lower case (e.g. nl); '${previewValue(v)}' is not one.`);
  });
  return documentedAs(schema, { type: 'string', pattern: '^[a-z]{2}$', examples: ['nl'] });
}

/** A signed finite amount (a JSON number, not a string), required. */
function amount() {
  const schema = z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null) return report(ctx, value, required);
    if (typeof value !== 'number' || !Number.isFinite(value)) return report(ctx, value, (f, v) => `The ${f} field must be a number; '${previewValue(v)}' is not one.`);
    if (Math.abs(value) > MAX_FEEDBACK_AMOUNT) return report(ctx, value, (f) => `The ${f} field must be between -${MAX_FEEDBACK_AMOUNT} and ${MAX_FEEDBACK_AMOUNT}.`);
    return value;
  });
  return documentedAs(schema, { type: 'number', minimum: -MAX_FEEDBACK_AMOUNT, maximum: MAX_FEEDBACK_AMOUNT, description: 'Signed: negative for money out.', examples: [-42.5] });
}

/** An ISO 4217 code, any case, returned upper-case; required. */
function currency() {
  const schema = z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null) return report(ctx, value, required);
    if (typeof value === 'string' && /^[A-Za-z]{3}$/.test(value)) return value.toUpperCase();
    return report(ctx, value, (f, v) => `The ${f} field must be a three-letter ISO 4217 currency code (e.g. EUR); '${previewValue(v)}' is not one.`);
  });
  return documentedAs(schema, { type: 'string', pattern: '^[A-Za-z]{3}$', examples: ['EUR'] });
}

/** A string that may be empty (a transaction without a description has one), at most `max` characters; required. */
function presentString(max: number) {
  const schema = z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null) return report(ctx, value, required);
    if (typeof value !== 'string') return report(ctx, value, (f) => `The ${f} field must be a string.`);
    if (value.length > max) return report(ctx, value, (f) => `The ${f} field must be at most ${max} characters.`);
    return value;
  });
  return documentedAs(schema, { type: 'string', maxLength: max });
}

/** A canonical category or a finer leaf below one (e.g. `expenses.groceries.organic`); required. */
function category() {
  const schema = z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null) return report(ctx, value, required);
    const path = typeof value === 'string' ? value.trim() : null;
    if (path === null || path.length > 200 || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(path) || canonicalCategoryOf(path) === null) {
      return report(ctx, value, (f, v) => `The ${f} field must be one of the canonical categories (${canonicalCategories.join(', ')}) or a finer leaf below one, in lower case; '${previewValue(v)}' is not.`);
    }
    return path;
  });
  const canonical = canonicalCategories.map((c) => c.replaceAll('.', '\\.')).join('|');
  return documentedAs(schema, { type: 'string', maxLength: 200, pattern: `^(${canonical})(\\.[a-z0-9-]+)*$`, examples: ['expenses.groceries'], description: 'A canonical category (see Category) or a finer leaf below one.' });
}

/** Known flags, each once; may be empty; required. A bad element is filed under `field[i]`. */
function flags() {
  const known: ReadonlySet<string> = new Set(transactionFlags);
  const flag = z.unknown().transform((value, ctx): TransactionFlag => {
    if (typeof value === 'string' && known.has(value)) return value as TransactionFlag;
    return report(ctx, value, (f, v) => `The ${f} field must be one of the flags ${transactionFlags.join(', ')}; '${previewValue(v)}' is not one.`);
  });
  const schema = z
    .array(flag, { error: said((f, v) => (v === undefined || v === null ? required(f, v) : `The ${f} field must be an array of flags (may be empty).`)) })
    .max(MAX_FEEDBACK_FLAGS, { error: said((f) => `The ${f} field may hold at most ${MAX_FEEDBACK_FLAGS} flags.`) })
    .transform((values) => [...new Set(values)].sort());
  return documentedAs(schema, { type: 'array', maxItems: MAX_FEEDBACK_FLAGS, items: { type: 'string', enum: [...transactionFlags] } });
}

/**
 * Spec 2.7: a corrected category for one transaction, self-contained (the transaction's details come
 * with it, wherever the app got them). Property names match in any letter case.
 */
export const categorizationFeedbackBody = requestObject({
  engine: requiredChoice(FeedbackEngines),
  countryCode: lowerCaseCountryCode(),
  profile: requiredChoice(FeedbackProfiles),
  transactionId: guid(),
  accountId: guid(),
  amount: amount(),
  currency: currency(),
  description: presentString(MAX_FEEDBACK_DESCRIPTION_LENGTH),
  counterpartDescription: optionalString(256),
  counterpartAccountNumber: optionalString(64),
  providerKey: requiredString(100),
  transactionType: optionalString(64),
  transactionTypeName: optionalString(256),
  reasonCode: optionalString(35),
  purposeCode: optionalString(35),
  originalCategory: category(),
  originalFlags: flags(),
  targetCategory: category().meta({
    description:
      'The corrected category: a canonical category (see Category) or a finer leaf below one. With targetFlags it must differ from originalCategory with originalFlags (a 400 naming targetCategory: a rule across fields, which JSON Schema cannot state).',
  }),
  targetFlags: flags(),
  remark: optionalString(MAX_FEEDBACK_REMARK_LENGTH),
}).superRefine((body, ctx) => {
  if (body.targetCategory === body.originalCategory && body.targetFlags.join() === body.originalFlags.join()) {
    ctx.addIssue({ code: 'custom', path: ['targetCategory'], input: body.targetCategory, params: { describe: (f: string) => `The ${f} field and targetFlags must differ from the original: there is nothing to correct.` } });
  }
});
export type CategorizationFeedbackBody = z.output<typeof categorizationFeedbackBody>;

/** A reviewer's decision on a Pending item. */
export const feedbackDecisionBody = requestObject({
  decision: requiredChoice(FeedbackDecisions),
  note: optionalString(MAX_FEEDBACK_NOTE_LENGTH),
});
export type FeedbackDecisionBody = z.output<typeof feedbackDecisionBody>;

// What the API returns.

export const feedbackTransactionSchema = component(
  'FeedbackTransaction',
  z.object({
    transactionId: guidString(),
    accountId: guidString(),
    amount: z.number(),
    currency: z.string(),
    description: z.string(),
    counterpartDescription: z.string().nullable(),
    counterpartAccountNumber: z.string().nullable(),
    providerKey: z.string(),
    transactionType: z.string().nullable(),
    transactionTypeName: z.string().nullable(),
    reasonCode: z.string().nullable(),
    purposeCode: z.string().nullable(),
  }),
  'The transaction as the app described it.',
);

export const feedbackCategorisationSchema = component('FeedbackCategorisation', z.object({ category: categorySchema, flags: z.array(transactionFlagSchema) }));

export const feedbackEventSchema = component(
  'FeedbackHistoryEntry',
  z.object({
    at: dateTimeString(),
    event: z.enum(['submitted', 'superseded', 'accepted', 'rejected', 'retired']).meta({
      description: '`superseded`: a newer item about the same transaction arrived while this one was Pending; `retired`: a newer item about it was accepted, so this one’s rule no longer applies.',
    }),
    by: z.string().meta({ description: 'The client id of the app or reviewer.' }),
    note: z.string().nullable(),
  }),
);

export const feedbackItemSchema = component(
  'CategorizationFeedback',
  z.object({
    id: guidString(),
    status: z.enum(FeedbackStatuses),
    engine: z.enum(FeedbackEngines),
    countryCode: z.string(),
    profile: z.enum(FeedbackProfiles),
    transaction: feedbackTransactionSchema,
    original: feedbackCategorisationSchema,
    target: feedbackCategorisationSchema,
    remark: z.string().nullable(),
    createdAt: dateTimeString(),
    reviewedAt: dateTimeString().nullable(),
    reviewNote: z.string().nullable(),
    supersededBy: guidString().nullable().meta({ description: 'The newer item about the same transaction that replaced this one.' }),
    history: z.array(feedbackEventSchema).meta({ description: 'Every change of status: who, when and why.' }),
  }),
  'Feedback on the category of one transaction: Pending until a reviewer accepts or rejects it, or a newer item about the same transaction supersedes it.',
);
export type FeedbackItemDto = z.infer<typeof feedbackItemSchema>;

/** What a reviewer sees: the item, the app that sent it, and other items about the same counterparty. */
export const reviewItemSchema = component(
  'FeedbackReviewItem',
  z.object({
    item: feedbackItemSchema,
    clientId: z.string().meta({ description: 'The app that sent it.' }),
    related: z.array(z.object({ id: guidString(), clientId: z.string(), status: z.enum(FeedbackStatuses), target: feedbackCategorisationSchema, createdAt: dateTimeString() })).meta({
      description: 'Up to 20 other items about the same counterparty (account number, or else name), newest first.',
    }),
  }),
);

export const reviewQueueItemSchema = component('FeedbackQueueItem', feedbackItemSchema.extend({ clientId: z.string() }));

const customer = { scope: Scopes.customerApi };
const reviewer = { scope: Scopes.feedbackReview };
const itemId = { id: pathGuid() };
const notFound = problem('No such feedback item of the calling app.');
const paging = {
  page: queryInt32({ default: 1, min: 1, max: INT32_MAX }),
  pageSize: queryInt32({ default: DEFAULT_FEEDBACK_PAGE_SIZE, min: 1, max: MAX_FEEDBACK_PAGE_SIZE }),
};

export const feedbackRoutes = defineRoutes(
  { service: 'feedback', tags: ['Categorization feedback'] },
  {
    submitFeedback: {
      method: 'post',
      path: '/v2/categorization-feedback',
      auth: customer,
      summary: 'Correct the category of a transaction: the feedback is queued for review',
      description:
        'The body is self-contained (spec 2.7). It does not change earlier results; once a reviewer accepts it, later e1 analysis jobs of the app categorise that counterparty as the feedback says. A newer item about the same transaction supersedes a Pending one. Deleting a consent erases the feedback about its accounts (it answers 404 from then on), and feedback naming an account erased with its consent is refused (400 on `accountId`).',
      body: { schema: categorizationFeedbackBody, limit: '32kb' },
      idempotent: true,
      responses: {
        202: json('Queued for review', component('FeedbackAccepted', dataEnvelope(z.object({ id: guidString() }))), locationHeader('The feedback item.')),
        422: namesHiddenProblem('`accountId` names an account, or `transactionId` a transaction,', '; or `transactionId` is known to be a transaction of another account than `accountId`'),
      },
    },
    listFeedback: {
      method: 'get',
      path: '/v2/categorization-feedback',
      auth: customer,
      summary: 'The calling app’s feedback items, oldest first',
      query: { status: optionalEnumIgnoringCase(FeedbackStatuses), ...paging },
      responses: { 200: json('A page of items', component('FeedbackPagedList', pagedList(feedbackItemSchema))) },
    },
    getFeedback: {
      method: 'get',
      path: '/v2/categorization-feedback/{id}',
      auth: customer,
      summary: 'One feedback item of the calling app, with its review',
      params: itemId,
      responses: { 200: json('The item', dataEnvelope(feedbackItemSchema)), 404: notFound },
    },
    listReviewQueue: {
      method: 'get',
      path: '/v2/review/categorization-feedback',
      auth: reviewer,
      summary: 'Reviewers: feedback items of every app, oldest first (Pending unless told otherwise)',
      query: {
        status: optionalEnumIgnoringCase(FeedbackStatuses).meta({ description: 'Pending when left out.' }),
        engine: optionalEnumIgnoringCase(FeedbackEngines),
        category: queryString(200).meta({ description: 'Items whose original or target category is this one or lies below it.' }),
        clientId: queryString(200).meta({ description: 'Items of this app only.' }),
        ...paging,
      },
      responses: { 200: json('A page of the queue', component('FeedbackQueuePage', pagedList(reviewQueueItemSchema))) },
    },
    getReviewItem: {
      method: 'get',
      path: '/v2/review/categorization-feedback/{id}',
      auth: reviewer,
      summary: 'Reviewers: one item in full, with other items about the same counterparty',
      params: itemId,
      responses: { 200: json('The item', dataEnvelope(reviewItemSchema)), 404: problem('No such feedback item.') },
    },
    decideFeedback: {
      method: 'post',
      path: '/v2/review/categorization-feedback/{id}/decision',
      auth: reviewer,
      summary: 'Reviewers: accept or reject a Pending item, with a note',
      description: 'The decision is kept with the reviewer’s client id and the time, and sent to the app’s webhooks as categorization-feedback.reviewed.',
      params: itemId,
      body: { schema: feedbackDecisionBody, limit: '16kb' },
      responses: {
        200: json('Decided', dataEnvelope(feedbackItemSchema)),
        404: problem('No such feedback item.'),
        409: problem('The item is not Pending: it was decided or superseded already (`detail` says which).'),
      },
    },
    getConsole: {
      method: 'get',
      path: '/console',
      auth: 'public',
      summary: 'The reviewer console (an HTML page; reviewers sign in with their client credentials)',
      responses: { 200: { kind: 'html', description: 'The console page' } },
    },
    getConsoleScript: {
      method: 'get',
      path: '/console/console.js',
      auth: 'public',
      summary: 'The reviewer console’s script',
      responses: { 200: file('JavaScript', 'text/javascript') },
    },
    getConsoleStyles: {
      method: 'get',
      path: '/console/console.css',
      auth: 'public',
      summary: 'The reviewer console’s styles',
      responses: { 200: file('CSS', 'text/css') },
    },
  },
);

/** `categorization-feedback.erased`: the item is gone (its transaction's account was erased with its consent); only its id. */
export const feedbackErasedDataSchema = z.object({ id: guidString(), reason: z.enum(['ConsentDeleted']) });
export type FeedbackErasedData = z.infer<typeof feedbackErasedDataSchema>;

/**
 * The item as the API shows it, keyed by its id; `ownerClientId` on the envelope is the app that sent
 * it. `reviewed` carries the decision; `superseded` and `retired` an item a newer one replaced.
 * `erased` (the item's id only) is followed by a tombstone of the key, so compaction drops every
 * event of the item.
 */
export const feedbackEvents = defineEvents(Topics.feedbackEvents, {
  'categorization-feedback.submitted': feedbackItemSchema,
  'categorization-feedback.reviewed': feedbackItemSchema,
  'categorization-feedback.superseded': feedbackItemSchema,
  'categorization-feedback.retired': feedbackItemSchema,
  'categorization-feedback.erased': feedbackErasedDataSchema,
});
