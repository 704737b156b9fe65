import { z } from 'zod/v4';
import { analysisEngines, analysisProfiles, analysisResultSchema } from './analysis-result';
import { MAX_EXTERNAL_USER_ID_LENGTH } from './consents';
import { defineEvents } from './events/event-catalogue';
import { ENRICH_BODY_LIMIT, ENRICH_TRANSACTIONS_DESCRIPTION, enrichTransactionsBody, enrichTransactionsQuery, enrichTransactionsResponses } from './enrichment';
import { namesHiddenProblem } from './http/names-hidden';
import { defineRoutes, json, locationHeader, problem } from './http/route';
import { dataEnvelope, dateTimeString, guidString, pagedList } from './schema/common';
import { caseInsensitivePattern, fieldLabel, guid, guidInputJsonSchema, INT32_MAX, NOT_BLANK_PATTERN, optionalEnumIgnoringCase, pathGuid, previewValue, queryInt32, queryString, report, requestObject, type Describe } from './schema/fields';
import { isValidIban, normaliseIban } from './schema/iban';
import { component, documentedAs, documentedWith } from './schema/json-schema';
import { Scopes } from './scopes';
import { Topics } from './topics';

export const AnalysisJobStatuses = ['Pending', 'Running', 'Completed', 'Failed'] as const;
export type AnalysisJobStatus = (typeof AnalysisJobStatuses)[number];
/** What a Running job waits for before it computes: a consent's first fetch, an earlier job's end, a named consent or account reaching the service. */
export const AnalysisJobWaits = ['first-fetch', 'earlier-job', 'visibility'] as const;
export type AnalysisJobWait = (typeof AnalysisJobWaits)[number];

/** Why a job failed: nothing readable, an input consent erased, or a fault of the engine (a bug). */
export const AnalysisFailureCodes = ['NoData', 'ConsentDeleted', 'InternalError'] as const;
export type AnalysisFailureCode = (typeof AnalysisFailureCodes)[number];

/** The kinds of input (spec 2.5); a job names exactly one. */
export const AnalysisInputKinds = ['consentIds', 'userIds', 'externalUserIds', 'accountIds', 'analysisJobIds'] as const;
export type AnalysisInputKind = (typeof AnalysisInputKinds)[number];

export const MAX_ANALYSIS_REFERENCE_LENGTH = 256;
export const MAX_ANALYSIS_INPUT_VALUES = 100;
export const MAX_INTERNAL_IBANS = 50;
export const DEFAULT_ANALYSIS_JOB_PAGE_SIZE = 50;
export const MAX_ANALYSIS_JOB_PAGE_SIZE = 500;
/** Spec section 8: characters a Reference must not contain. */
export const FORBIDDEN_REFERENCE_CHARACTERS = ['<', '>', '`', '=', ';', '\\'] as const;

const forbidden: ReadonlySet<string> = new Set(FORBIDDEN_REFERENCE_CHARACTERS);
const required: Describe = (f) => `The ${f} field is required.`;
/** A schema-level error function: the message `describe` makes from the field's name and value. */
const said = (describe: Describe) => (iss: { path?: readonly PropertyKey[]; input?: unknown }) => describe(fieldLabel(iss.path), iss.input);

/** Free text (trimmed), required, at most 256 characters, none of `< > \` = ; \\`. */
function reference() {
  const schema = z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return report(ctx, value, required);
    if (typeof value !== 'string') return report(ctx, value, (f) => `The ${f} field must be a string.`);
    if (value.length > MAX_ANALYSIS_REFERENCE_LENGTH) return report(ctx, value, (f) => `The ${f} field must be at most ${MAX_ANALYSIS_REFERENCE_LENGTH} characters.`);
    const found = [...value].find((c) => forbidden.has(c));
    if (found !== undefined) return report(ctx, value, (f) => `The ${f} field must not contain the character '${found}' (none of ${FORBIDDEN_REFERENCE_CHARACTERS.join(' ')} is allowed).`);
    return value.trim();
  });
  // NUL is refused anywhere in input (packages/http), so it is left out too.
  const allowed = '[^<>`=;\\\\\\u0000]';
  return documentedAs(schema, { type: 'string', minLength: 1, maxLength: MAX_ANALYSIS_REFERENCE_LENGTH, pattern: `^${allowed}*[^<>\`=;\\\\\\s\\u0000]${allowed}*$` });
}

/** One of `values`, matched in any letter case and returned as written in `values`; required. */
function requiredEnumIgnoringCase<const V extends string>(values: readonly V[]) {
  const schema = z.unknown().transform((value, ctx): V => {
    if (value === undefined || value === null) return report(ctx, value, required);
    const match = typeof value === 'string' ? values.find((v) => v.toLowerCase() === value.trim().toLowerCase()) : undefined;
    return match ?? report(ctx, value, (f, v) => `The ${f} field must be one of ${values.join(', ')}; '${previewValue(v)}' is not one.`);
  });
  return documentedAs(schema, { type: 'string', pattern: caseInsensitivePattern(values), examples: [values[0]], description: `One of ${values.join(', ')} (any letter case).` });
}

/** Spec 2.5: a lower-case two-letter code; absent or null is null. */
function lowerCaseCountryCode() {
  const schema = z
    .unknown()
    .optional()
    .transform((value, ctx): string | null => {
      if (value === undefined || value === null) return null;
      if (typeof value === 'string' && /^[a-z]{2}$/.test(value)) return value;
      return report(ctx, value, (f, v) => `The ${f} field must be a two-letter country code in lower case (e.g. nl); '${previewValue(v)}' is not one.`);
    });
  return documentedAs(schema, { type: ['string', 'null'], pattern: '^[a-z]{2}$', examples: ['nl'], description: 'Lower-case two-letter country code; required with engine e1.' });
}

/** An external user id as the consent API takes it: a non-blank string of at most 256 characters. */
function externalUserId() {
  return z.string({ error: said((f, v) => `The ${f} field must hold strings; '${previewValue(v)}' is not one.`) }).transform((value, ctx) => {
    if (value.trim() === '') return report(ctx, value, (f) => `The ${f} field must not hold an empty value.`);
    if (value.length > MAX_EXTERNAL_USER_ID_LENGTH) return report(ctx, value, (f) => `The ${f} field may hold values of at most ${MAX_EXTERNAL_USER_ID_LENGTH} characters.`);
    return value;
  });
}

/**
 * One kind of input: absent or null (not this kind), or 1..100 values; a bad value is filed under
 * `Input.<kind>[i]` (duplicates are kept here, so `i` is the position the client sent; the job drops them).
 */
function inputList(item: z.ZodType<string, unknown>, what: string, items: Record<string, unknown>) {
  const schema = z
    .array(item, { error: said((f) => `The ${f} field must be an array of ${what}, or null.`) })
    .min(1, { error: said((f) => `The ${f} field must hold at least one value.`) })
    .max(MAX_ANALYSIS_INPUT_VALUES, { error: said((f) => `The ${f} field may hold at most ${MAX_ANALYSIS_INPUT_VALUES} values.`) })
    .nullish()
    .transform((values) => values ?? null);
  return documentedAs(schema, { type: ['array', 'null'], minItems: 1, maxItems: MAX_ANALYSIS_INPUT_VALUES, items });
}

const analysisInputBody = requestObject({
  consentIds: inputList(guid(), 'consent ids (GUIDs)', guidInputJsonSchema),
  userIds: inputList(guid(), 'user ids (GUIDs)', guidInputJsonSchema),
  externalUserIds: inputList(externalUserId(), 'external user ids', { type: 'string', minLength: 1, maxLength: MAX_EXTERNAL_USER_ID_LENGTH, pattern: NOT_BLANK_PATTERN }),
  accountIds: inputList(guid(), 'account ids (GUIDs)', guidInputJsonSchema),
  analysisJobIds: inputList(guid(), 'analysis job ids (GUIDs)', guidInputJsonSchema),
}).meta({ description: 'Exactly one of the keys, with 1 to 100 values.' });
// Exactly one kind of input: the one given holds values, the others are absent or null.
documentedWith(analysisInputBody, {
  oneOf: AnalysisInputKinds.map((kind) => ({
    required: [kind],
    properties: Object.fromEntries(AnalysisInputKinds.map((other) => [other, other === kind ? { type: 'array' } : { type: 'null' }])),
  })),
});

function kvkNumber() {
  const schema = z
    .unknown()
    .optional()
    .transform((value, ctx): string | null => {
      if (value === undefined || value === null) return null;
      if (typeof value === 'string' && /^[0-9]{8}$/.test(value)) return value;
      return report(ctx, value, (f, v) => `The ${f} field must be a Chamber of Commerce (KvK) number of exactly 8 digits; '${previewValue(v)}' is not one.`);
    });
  return documentedAs(schema, { type: ['string', 'null'], pattern: '^[0-9]{8}$', description: 'Chamber of Commerce number; required when Profile is corporate.' });
}

function internalIbans() {
  const notAnIban: Describe = (_f, v) => `The value '${previewValue(v)}' is not a valid IBAN.`;
  const iban = z.string({ error: said(notAnIban) }).transform((value, ctx) => (isValidIban(value) ? normaliseIban(value) : report(ctx, value, notAnIban)));
  const schema = z
    .array(iban, { error: said((f) => `The ${f} field must be an array of IBANs, or null.`) })
    .max(MAX_INTERNAL_IBANS, { error: said((f) => `The ${f} field may hold at most ${MAX_INTERNAL_IBANS} IBANs.`) })
    .transform((values) => [...new Set(values)])
    .nullish()
    .transform((values) => values ?? []);
  return documentedAs(schema, {
    type: ['array', 'null'],
    maxItems: MAX_INTERNAL_IBANS,
    items: { type: 'string', minLength: 15, maxLength: 42 },
    description: 'The account holder’s other accounts: transfers to and from them are own transfers, neither income nor expense. Spaces and lower case are accepted; stored without spaces, upper-case.',
  });
}

const analysisMetadataBody = requestObject({ kvk_number: kvkNumber(), internal_ibans: internalIbans() })
  .nullish()
  .transform((metadata) => metadata ?? { kvk_number: null, internal_ibans: [] });

/** A rule across fields, filed under `path` (the message names the field the way every other message does). */
const crossFieldIssue = (ctx: z.RefinementCtx, path: PropertyKey[], input: unknown, describe: Describe) => ctx.addIssue({ code: 'custom', path, input, params: { describe } });

/**
 * Create-analysis-job body (spec 2.5): capitalised property names as the spec writes them (matched in
 * any letter case, like every body); exactly one kind of input with 1..100 values; CountryCode with
 * engine e1; kvk_number with profile corporate. Rules across fields are checked once every field is valid.
 */
export const createAnalysisJobBody = requestObject({
  Reference: reference(),
  Engine: requiredEnumIgnoringCase(analysisEngines),
  Profile: requiredEnumIgnoringCase(analysisProfiles),
  CountryCode: lowerCaseCountryCode(),
  Input: analysisInputBody,
  Metadata: analysisMetadataBody,
}).superRefine((body, ctx) => {
  const given = AnalysisInputKinds.filter((kind) => body.Input[kind] !== null);
  if (given.length !== 1) {
    crossFieldIssue(ctx, ['Input'], body.Input, (f) => `The ${f} field must name exactly one kind of input (${AnalysisInputKinds.join(', ')}); it names ${given.length === 0 ? 'none' : given.join(' and ')}.`);
  }
  if (body.Engine === 'e1' && body.CountryCode === null) crossFieldIssue(ctx, ['CountryCode'], null, (f) => `The ${f} field is required with engine e1.`);
  if (body.Profile === 'corporate' && body.Metadata.kvk_number === null) crossFieldIssue(ctx, ['Metadata', 'kvk_number'], null, (f) => `The ${f} field is required when Profile is corporate.`);
});
// The rules across fields JSON Schema can state (exactly one kind of input is stated on Input).
documentedWith(createAnalysisJobBody, {
  allOf: [
    { if: { properties: { Engine: { pattern: caseInsensitivePattern(['e1']) } } }, then: { required: ['CountryCode'], properties: { CountryCode: { type: 'string' } } } },
    {
      if: { properties: { Profile: { pattern: caseInsensitivePattern(['corporate']) } } },
      then: { required: ['Metadata'], properties: { Metadata: { type: 'object', required: ['kvk_number'], properties: { kvk_number: { type: 'string' } } } } },
    },
  ],
});
export type CreateAnalysisJobBody = z.output<typeof createAnalysisJobBody>;

// What the API returns.

export const analysisJobInputSchema = component(
  'AnalysisJobInput',
  z.object({
    consentIds: z.array(guidString()).nullable(),
    userIds: z.array(guidString()).nullable(),
    externalUserIds: z.array(z.string()).nullable(),
    accountIds: z.array(guidString()).nullable(),
    analysisJobIds: z.array(guidString()).nullable(),
  }),
  'The input as the job was created with: one key holds the values, the others are null.',
);
export type AnalysisJobInputDto = z.infer<typeof analysisJobInputSchema>;

export const analysisJobMetadataSchema = component('AnalysisJobMetadata', z.object({ kvk_number: z.string().nullable(), internal_ibans: z.array(z.string()) }));

export const analysisJobFailureSchema = component(
  'AnalysisJobFailure',
  z.object({
    code: z.enum(AnalysisFailureCodes).meta({ description: '`NoData`: nothing in the input was readable; `ConsentDeleted`: a consent of the input was erased; `InternalError`: the engine failed.' }),
    message: z.string(),
  }),
);

export const analysisJobSchema = component(
  'AnalysisJob',
  z.object({
    id: guidString(),
    reference: z.string(),
    engine: z.enum(analysisEngines),
    profile: z.enum(analysisProfiles),
    countryCode: z.string().nullable(),
    input: analysisJobInputSchema,
    metadata: analysisJobMetadataSchema,
    status: z.enum(AnalysisJobStatuses).meta({ description: 'Moves forward only: Pending, Running, then Completed or Failed.' }),
    waitingFor: z
      .enum(AnalysisJobWaits)
      .nullable()
      .default(null)
      .meta({
        description:
          'While a Running job waits before it computes: `first-fetch` (a consent of the input has not had its first fetch of transactions yet), `earlier-job` (a job of `analysisJobIds` has not ended), `visibility` (a consent or account the input names has not reached the analysis service yet, seconds; an id that cannot be a consent or account made a moment ago is not waited for, and a job naming nothing else fails `NoData` at once). null otherwise. The status stays Running meanwhile.',
      }),
    createdAt: dateTimeString(),
    startedAt: dateTimeString().nullable().meta({ description: 'When a worker first took the job.' }),
    completedAt: dateTimeString().nullable().meta({ description: 'When it became Completed or Failed.' }),
    failure: analysisJobFailureSchema.nullable(),
    resultErasedAt: dateTimeString().nullable().meta({ description: 'When the result was erased because a consent it was computed from was deleted (the result then answers 410).' }),
  }),
  'An analysis job: Pending, Running (`waitingFor` says when it waits for data), then Completed (its result can be read) or Failed (with a reason).',
);
export type AnalysisJobDto = z.infer<typeof analysisJobSchema>;

const customer = { scope: Scopes.customerApi };
const jobId = { id: pathGuid() };
const notFound = problem('No such job, or neither owned by nor shared with the caller.');

export const analysisRoutes = defineRoutes(
  { service: 'analysis', tags: ['Analysis jobs'], bodyLimit: '64kb' },
  {
    listAnalysisJobs: {
      method: 'get',
      path: '/analysis-jobs',
      auth: customer,
      summary: 'List the calling app’s analysis jobs, oldest first',
      query: {
        status: optionalEnumIgnoringCase(AnalysisJobStatuses),
        reference: queryString(MAX_ANALYSIS_REFERENCE_LENGTH).meta({ description: 'Only jobs with exactly this Reference.' }),
        page: queryInt32({ default: 1, min: 1, max: INT32_MAX }),
        pageSize: queryInt32({ default: DEFAULT_ANALYSIS_JOB_PAGE_SIZE, min: 1, max: MAX_ANALYSIS_JOB_PAGE_SIZE }),
      },
      responses: { 200: json('A page of jobs', component('AnalysisJobPagedList', pagedList(analysisJobSchema))) },
    },
    createAnalysisJob: {
      method: 'post',
      path: '/analysis-jobs',
      auth: customer,
      summary: 'Create an analysis job from consents, users, external users, accounts or earlier jobs',
      description: 'The job is queued and runs in the background; follow it with GET /analysis-jobs/{id} or the analysis-job.completed and analysis-job.failed webhooks.',
      body: { schema: createAnalysisJobBody },
      idempotent: true,
      responses: {
        201: json('Created: the job is queued', component('AnalysisJobCreated', z.object({ id: guidString() })), locationHeader('The job.')),
        422: namesHiddenProblem('`Input.consentIds` or `Input.accountIds` names a consent or account'),
      },
    },
    getAnalysisJob: {
      method: 'get',
      path: '/analysis-jobs/{id}',
      auth: customer,
      summary: 'Get an analysis job and its status (owner, or an app holding an unexpired share naming it in analysisIds)',
      params: jobId,
      responses: { 200: json('The job', dataEnvelope(analysisJobSchema)), 404: notFound },
    },
    getAnalysisJobResult: {
      method: 'get',
      path: '/analysis-jobs/{id}/result',
      auth: customer,
      summary: 'The result of a Completed analysis job',
      params: jobId,
      responses: {
        200: json('The result', dataEnvelope(analysisResultSchema)),
        404: notFound,
        409: problem('The job is Pending or Running (no result yet), or Failed (`detail` gives its failure code and message).'),
        410: problem('The result was erased: a consent it was computed from has been deleted.'),
      },
    },
    enrichTransactions: {
      method: 'post',
      path: '/enrich/transactions',
      auth: customer,
      tags: ['Enrichment'],
      summary: 'Categorise the app’s own transactions, synchronously; nothing of the request is stored',
      description: ENRICH_TRANSACTIONS_DESCRIPTION,
      query: enrichTransactionsQuery,
      body: { schema: enrichTransactionsBody, limit: ENRICH_BODY_LIMIT },
      responses: enrichTransactionsResponses,
    },
  },
);

/** The job as the API shows it, keyed by its id; `ownerClientId` on the envelope is the app that created it. */
export const analysisEvents = defineEvents(Topics.analysisEvents, {
  'analysis-job.created': analysisJobSchema,
  'analysis-job.completed': analysisJobSchema,
  'analysis-job.failed': analysisJobSchema,
});

export const AnalysisEventTypes = {
  created: 'analysis-job.created',
  completed: 'analysis-job.completed',
  failed: 'analysis-job.failed',
} as const;
export type AnalysisEventType = (typeof AnalysisEventTypes)[keyof typeof AnalysisEventTypes];
