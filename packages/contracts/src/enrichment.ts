import { z } from 'zod/v4';
import { analysisProfiles } from './analysis-result';
import { categorySchema, transactionFlagSchema } from './categories';
import { json, problem, type ResponseSpec } from './http/route';
import { dataEnvelope } from './schema/common';
import { dateTime, fieldLabel, optionalDateTime, optionalEnumIgnoringCase, optionalString, previewValue, queryBoolean, report, requestObject, validationMessage, type Describe } from './schema/fields';
import { isValidIban, normaliseIban } from './schema/iban';
import { component, documentedAs, documentedWith, JsonSchemaEmitter } from './schema/json-schema';
import { sequenceSchema } from './sequencing';

/** The most transactions one enrichment request may hold; more is a 413. */
export const MAX_ENRICH_TRANSACTIONS = 1_000;
/** Large enough for 1,000 transactions with every field at its longest (ASCII); a larger body is a 413. */
export const ENRICH_BODY_LIMIT = '3mb';
export const MAX_ENRICH_TRANSACTION_ID_LENGTH = 128;
export const MAX_ENRICH_OWN_IBANS = 50;
export const MAX_ENRICH_DESCRIPTION_LENGTH = 1_000;
/** Larger than any balance a bank account holds: an amount beyond it is a mistake. */
export const MAX_ENRICH_AMOUNT = 1_000_000_000_000;

const required: Describe = (f) => `The ${f} field is required.`;
const said = (describe: Describe) => (iss: { path?: readonly PropertyKey[]; input?: unknown }) => describe(fieldLabel(iss.path), iss.input);

/** The app's own id of a transaction: any non-blank string, returned exactly as sent. */
function transactionId() {
  const schema = z.unknown().transform((value, ctx): string => {
    if (value === undefined || value === null) return report(ctx, value, required);
    if (typeof value !== 'string') return report(ctx, value, (f) => `The ${f} field must be a string.`);
    if (value.trim() === '') return report(ctx, value, (f) => `The ${f} field must not be blank.`);
    if (value.length > MAX_ENRICH_TRANSACTION_ID_LENGTH) return report(ctx, value, (f) => `The ${f} field must be at most ${MAX_ENRICH_TRANSACTION_ID_LENGTH} characters.`);
    return value;
  });
  return documentedAs(schema, { type: 'string', minLength: 1, maxLength: MAX_ENRICH_TRANSACTION_ID_LENGTH, description: 'The app’s own id of the transaction, unique in the batch; the answer names the transaction by it.' });
}

function amount() {
  const schema = z.unknown().transform((value, ctx): number => {
    if (value === undefined || value === null) return report(ctx, value, required);
    if (typeof value !== 'number' || !Number.isFinite(value)) return report(ctx, value, (f, v) => `The ${f} field must be a number; '${previewValue(v)}' is not one.`);
    if (Math.abs(value) > MAX_ENRICH_AMOUNT) return report(ctx, value, (f) => `The ${f} field must be between -${MAX_ENRICH_AMOUNT} and ${MAX_ENRICH_AMOUNT}.`);
    return value;
  });
  return documentedAs(schema, { type: 'number', minimum: -MAX_ENRICH_AMOUNT, maximum: MAX_ENRICH_AMOUNT, description: 'Signed: negative is money out.', examples: [-42.5] });
}

function currency() {
  const schema = z.unknown().transform((value, ctx): string => {
    if (value === undefined || value === null) return report(ctx, value, required);
    if (typeof value === 'string' && /^[A-Za-z]{3}$/.test(value)) return value.toUpperCase();
    return report(ctx, value, (f, v) => `The ${f} field must be a three-letter ISO 4217 currency code (e.g. EUR); '${previewValue(v)}' is not one.`);
  });
  return documentedAs(schema, { type: 'string', pattern: '^[A-Za-z]{3}$', examples: ['EUR'] });
}

function merchantCategoryCode() {
  const schema = z.unknown().optional().transform((value, ctx): string | null => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'string' && /^[0-9]{4}$/.test(value)) return value;
    return report(ctx, value, (f, v) => `The ${f} field must be a card merchant category code of 4 digits (ISO 18245), or null; '${previewValue(v)}' is not one.`);
  });
  return documentedAs(schema, { type: ['string', 'null'], pattern: '^[0-9]{4}$', examples: ['5411'] });
}

function lowerCaseCountryCode() {
  const schema = z.unknown().optional().transform((value, ctx): string | null => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'string' && /^[a-z]{2}$/.test(value)) return value;
    return report(ctx, value, (f, v) => `The ${f} field must be a two-letter country code in lower case (e.g. nl); '${previewValue(v)}' is not one.`);
  });
  return documentedAs(schema, { type: ['string', 'null'], pattern: '^[a-z]{2}$', examples: ['nl'] });
}

function kvkNumber() {
  const schema = z.unknown().optional().transform((value, ctx): string | null => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'string' && /^[0-9]{8}$/.test(value)) return value;
    return report(ctx, value, (f, v) => `The ${f} field must be a Chamber of Commerce (KvK) number of exactly 8 digits; '${previewValue(v)}' is not one.`);
  });
  return documentedAs(schema, { type: ['string', 'null'], pattern: '^[0-9]{8}$', description: 'Chamber of Commerce number of a sole trader or company (checked, not used by the categoriser today).' });
}

function ownIbans() {
  const notAnIban: Describe = (_f, v) => `The value '${previewValue(v)}' is not a valid IBAN.`;
  const iban = z.string({ error: said(notAnIban) }).transform((value, ctx) => (isValidIban(value) ? normaliseIban(value) : report(ctx, value, notAnIban)));
  const tooMany: Describe = (f) => `The ${f} field may hold at most ${MAX_ENRICH_OWN_IBANS} IBANs.`;
  const list = z
    .array(iban, { error: said((f) => `The ${f} field must be an array of IBANs, or null.`) })
    .max(MAX_ENRICH_OWN_IBANS, { error: said(tooMany) })
    .nullish()
    .transform((values) => [...new Set(values ?? [])]);
  // Too many are refused by their count before any is read: a 3 MB body holds 750,000 values, each a problem.
  const schema = z.pipe(
    z.unknown().optional().transform((value, ctx) => (Array.isArray(value) && value.length > MAX_ENRICH_OWN_IBANS ? report(ctx, value, tooMany) : value)),
    list,
  );
  return documentedAs(schema, {
    type: ['array', 'null'],
    maxItems: MAX_ENRICH_OWN_IBANS,
    items: { type: 'string', minLength: 15, maxLength: 42 },
    description: 'The account holder’s own accounts (the one the transactions are booked on and any other): transfers to and from them are own transfers, as Metadata.internal_ibans of an analysis job.',
  });
}

/** One transaction as the app holds it: the account-information fields, and the bank details where it has them. */
// Not a component: components are emitted as responses are (every field present), a request's fields are optional.
export const enrichTransactionInput = requestObject({
  id: transactionId(),
  amount: amount(),
  currency: currency(),
  bookingDate: dateTime(),
  valueDate: optionalDateTime(),
  description: optionalString(MAX_ENRICH_DESCRIPTION_LENGTH),
  counterpartName: optionalString(256),
  counterpartAccountNumber: optionalString(64),
  transactionType: optionalString(64).meta({ description: 'The bank’s type code: a Dutch bank’s (ba, gm, ei, …) or an ISO 20022 bank transaction code.' }),
  transactionTypeName: optionalString(256),
  reasonCode: optionalString(35).meta({ description: 'The return reason of a returned or reversed payment (ISO 20022, such as MD06 or AM04).' }),
  purposeCode: optionalString(35).meta({ description: 'ISO 20022 purpose code, such as SALA.' }),
  bankTransactionCode: optionalString(64).meta({ description: 'ISO 20022 bank transaction code as domain-family-subfamily, such as PMNT-RDDT-ESDD.' }),
  mandateId: optionalString(35).meta({ description: 'SEPA direct-debit mandate id.' }),
  creditorSchemeId: optionalString(35).meta({ description: 'SEPA creditor identifier of the collector.' }),
  merchantCategoryCode: merchantCategoryCode(),
});
export type EnrichTransactionInput = z.output<typeof enrichTransactionInput>;

/** `transactions` read as the body's field, so that every message names its field as the body's own schema would. */
const transactionsField = z.object({
  transactions: documentedWith(
    z
      .array(enrichTransactionInput, { error: said((f, v) => (v === undefined || v === null ? required(f, v) : `The ${f} field must be an array of transactions.`)) })
      .min(1, { error: said((f) => `The ${f} field must hold at least one transaction.`) }),
    { maxItems: MAX_ENRICH_TRANSACTIONS },
  ),
});

/**
 * The transactions; beyond the limit they are not read one by one, and the handler refuses them by their count
 * alone (413). Read one by one, a body of 3 MB holds a million and a half empty items: six million problems, minutes
 * of work and more memory than the service has.
 */
function transactionList() {
  const schema = z.unknown().transform((value, ctx): EnrichTransactionInput[] => {
    if (Array.isArray(value) && value.length > MAX_ENRICH_TRANSACTIONS) return value as EnrichTransactionInput[];
    const read = z.safeParse(transactionsField, { transactions: value }, { error: validationMessage });
    if (read.success) return read.data.transactions;
    for (const issue of read.error.issues) ctx.issues.push({ code: 'custom', input: undefined, path: issue.path.slice(1), message: issue.message });
    return z.NEVER;
  });
  return documentedAs(schema, new JsonSchemaEmitter('input').emit(transactionsField.shape.transactions));
}

/** The enrichment body. The count limit is the handler's (413, not 400): the schema states it for the document only, so that a batch too large is told as such. */
export const enrichTransactionsBody = requestObject({
  transactions: transactionList(),
  ownIbans: ownIbans(),
  profile: optionalEnumIgnoringCase(analysisProfiles).transform((profile) => profile ?? 'retail'),
  countryCode: lowerCaseCountryCode(),
  kvkNumber: kvkNumber(),
});
export type EnrichTransactionsBody = z.output<typeof enrichTransactionsBody>;

export const enrichedTransactionSchema = component(
  'EnrichedTransaction',
  z.object({
    id: z.string().meta({ description: 'The id the app sent.' }),
    category: categorySchema,
    flags: z.array(transactionFlagSchema),
    confidence: z.number().min(0).max(1),
    source: z.string().meta({ description: '`rule:<id>`, `feedback:<id>` (an accepted correction of the calling app) or `model:<version>`', examples: ['rule:merchant.albert-heijn'] }),
    counterparty: z
      .string()
      .nullable()
      .meta({
        description:
          'The counterparty as the categoriser compares merchants: the counterparty name, or else the name the description gives (card merchant, creditor, payment-request sender), in lower-case ASCII words; accents, punctuation, legal forms (B.V., N.V., GmbH, …), payment-facilitator prefixes (PAYPAL *, Zettle_*), numbers after the first word and a trailing Dutch place name left out. Null when neither names anybody.',
        examples: ['albert heijn'],
      }),
  }),
);
export type EnrichedTransactionDto = z.infer<typeof enrichedTransactionSchema>;

/** A sequence found in the batch, its transactions named by the app's ids. */
export const enrichedSequenceSchema = component('EnrichedSequence', sequenceSchema.omit({ transactions: true }).extend({ transactionIds: z.array(z.string()) }));

export const enrichmentSchema = component(
  'Enrichment',
  z.object({
    transactions: z.array(enrichedTransactionSchema).meta({ description: 'One per transaction sent, in the order sent.' }),
    sequencing: z
      .object({ incomeSequences: z.array(enrichedSequenceSchema), expenseSequences: z.array(enrichedSequenceSchema), engineVersion: z.string() })
      .nullable()
      .meta({ description: 'The recurring sequences in the batch when `includeSequences=true`; null otherwise.' }),
  }),
);
export type EnrichmentDto = z.infer<typeof enrichmentSchema>;

export const enrichTransactionsQuery = {
  includeSequences: queryBoolean().meta({ description: 'Also return the recurring sequences found in the batch (default false).' }),
};

export const enrichTransactionsResponses = {
  200: json('Each transaction enriched, in the order sent', dataEnvelope(enrichmentSchema)),
  413: problem(`More than ${MAX_ENRICH_TRANSACTIONS} transactions, or a body over ${ENRICH_BODY_LIMIT}.`),
} satisfies Record<number, ResponseSpec>;

export const ENRICH_TRANSACTIONS_DESCRIPTION = [
  `Categorises up to ${MAX_ENRICH_TRANSACTIONS} transactions the app already holds, as an analysis job of engine e1 would: the same categoriser, the calling app’s accepted categorisation feedback as rules, own transfers by \`ownIbans\`, and the recurring flag from the sequences found in the batch.`,
  'The answer is synchronous, one item per transaction in the order sent.',
  '**Nothing of the request is stored**: no transaction, id, name or result is written to a database or sent as an event; the request is read, answered and forgotten.',
  `Invalid items are a 400 naming \`transactions[i].field\`; ids must be unique in the batch. More than ${MAX_ENRICH_TRANSACTIONS} transactions is a 413.`,
].join(' ');
