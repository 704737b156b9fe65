import { z } from 'zod/v4';
import { defineEvents } from './events/event-catalogue';
import { defineRoutes, empty, html, json, locationHeader, problem, redirect } from './http/route';
import { dataEnvelope, dateTimeString, guidString, pagedList } from './schema/common';
import { countryCode, INT32_MAX, optionalEnumIgnoringCase, optionalGuid, optionalString, pathGuid, queryDateTime, queryGuid, queryInt32, queryString, requestObject, requiredString } from './schema/fields';
import { component } from './schema/json-schema';
import { Scopes } from './scopes';
import { Topics } from './topics';
import { redirectUrl } from './redirect-urls';

/** Consent statuses and the transitions the consent service allows (docs/decisions.md). */
export const ConsentStatuses = ['Initialized', 'Rejected', 'TimedOut', 'Authenticated', 'Updating', 'Updated', 'Failing', 'Error', 'Invalidated'] as const;
export type ConsentStatus = (typeof ConsentStatuses)[number];

/** How the consent keeps its data current (the spec leaves the values open; see docs/decisions.md). */
export const SyncModes = ['Manual', 'Daily'] as const;
export type SyncMode = (typeof SyncModes)[number];

export const MAX_EXTERNAL_USER_ID_LENGTH = 256;
export const DEFAULT_COUNTRY_CODE = 'NL';
export const DEFAULT_TRANSACTION_PAGE_SIZE = 50;
export const MAX_TRANSACTION_PAGE_SIZE = 500;

const nullableString = () => z.string().nullable();

export const consentErrorSchema = z.object({ date: dateTimeString(), type: z.string(), message: z.string(), code: z.string() });
export type ConsentErrorDto = z.infer<typeof consentErrorSchema>;

/** A consent record as the API returns it (spec 2.8), plus the fields the caller gave at creation. */
export const consentSchema = component(
  'Consent',
  z.object({
    id: guidString(),
    status: z.enum(ConsentStatuses),
    dateStatusUpdated: dateTimeString(),
    dateRequested: dateTimeString(),
    dateExpire: dateTimeString(),
    dateTransactionsUpdated: dateTimeString().nullable(),
    providerKey: z.string(),
    countryCode: z.string(),
    userId: guidString().nullable(),
    externalUserId: nullableString(),
    syncMode: z.enum(SyncModes).nullable(),
    redirectUrl: z.string().nullable().meta({ description: 'Null for a statement-upload consent, which has no authorisation step.' }),
    errors: z.array(consentErrorSchema),
  }),
);
export type ConsentDto = z.infer<typeof consentSchema>;

export const consentStatusChangeSchema = z.object({ status: z.enum(ConsentStatuses), at: dateTimeString() });
export type ConsentStatusChangeDto = z.infer<typeof consentStatusChangeSchema>;

/** One consent as GET /consents/{id} returns it: the record, with its status history (not in lists or events). */
export const consentDetailSchema = component(
  'ConsentDetail',
  consentSchema.extend({
    statusHistory: z
      .array(consentStatusChangeSchema)
      .optional()
      .meta({ description: 'The consent’s status changes, oldest first (the latest 50). Absent until its status first changes, and on consents created before the history was kept.' }),
  }),
);

export const accountBalanceSchema = component(
  'AccountBalance',
  z.object({
    type: z.string().meta({ description: 'The bank’s balance type (Berlin Group, from ISO 20022): closingBooked, interimAvailable, interimBooked, expected, ...' }),
    amount: z.number().meta({ description: 'Signed; negative for a debit balance.' }),
    currency: z.string(),
    referenceDate: z.string().nullable().meta({ format: 'date', description: 'The day the balance is for, where the bank gives one.' }),
    lastChangeDateTime: dateTimeString().nullable().meta({ description: 'When the balance last changed, where the bank gives it.' }),
  }),
);
export type AccountBalanceDto = z.infer<typeof accountBalanceSchema>;

export const accountSchema = component(
  'Account',
  z.object({
    id: guidString(),
    consentId: guidString(),
    iban: z.string(),
    name: z.string(),
    type: z.string(),
    currency: z.string(),
    ownerName: z.string(),
    bic: z.string().nullable().optional().meta({ description: 'The account servicer’s BIC, where the source gives it (statement files do). Absent otherwise.' }),
    balances: z
      .array(accountBalanceSchema)
      .optional()
      .meta({ description: 'The balances the bank reported at the last fetch (XS2A banks whose consent covers them). Absent where the source gives none.' }),
  }),
);
export type AccountDto = z.infer<typeof accountSchema>;

/**
 * What real banks give beside the spec's fields (docs/statements.md). Absent where the source does not give it:
 * events and stored transactions written before these fields existed stay valid.
 */
const bankDetail = (description: string) => nullableString().optional().meta({ description: `${description} Absent when the bank does not give it.` });

/** A booked transaction; `amount` is signed (negative: money out). */
export const transactionSchema = component(
  'Transaction',
  z.object({
    id: guidString(),
    accountId: guidString(),
    amount: z.number().meta({ description: 'Signed: negative is money out.' }),
    currency: z.string(),
    bookingDate: dateTimeString(),
    valueDate: dateTimeString().nullable(),
    description: nullableString(),
    counterpartName: nullableString(),
    counterpartAccountNumber: nullableString(),
    transactionType: nullableString(),
    transactionTypeName: nullableString(),
    reasonCode: nullableString().meta({ description: 'The return reason of a returned or reversed payment (ISO 20022 code such as MD06).' }),
    purposeCode: nullableString(),
    bankReference: bankDetail('The bank’s own reference of the entry.'),
    endToEndId: bankDetail('The end-to-end id the payer gave.'),
    mandateId: bankDetail('SEPA direct-debit mandate id.'),
    creditorSchemeId: bankDetail('SEPA creditor identifier of the collector.'),
    bankTransactionCode: bankDetail('ISO 20022 bank transaction code as domain-family-subfamily, such as PMNT-RDDT-ESDD.'),
    merchantCategoryCode: bankDetail('Card merchant category code (ISO 18245).'),
  }),
);
export type TransactionDto = z.infer<typeof transactionSchema>;

/** The bank details a transaction carries beside the spec's fields: absent where the bank gives none. */
export const BANK_DETAIL_FIELDS = ['bankReference', 'endToEndId', 'mandateId', 'creditorSchemeId', 'bankTransactionCode', 'merchantCategoryCode'] as const;
export type BankDetails = Pick<TransactionDto, (typeof BANK_DETAIL_FIELDS)[number]>;

/** The bank details `from` gives (null and absent ones left out, so nothing is stored for them). */
export function bankDetailsOf(from: BankDetails): BankDetails {
  const details: BankDetails = {};
  for (const field of BANK_DETAIL_FIELDS) {
    const value = from[field];
    if (value !== undefined && value !== null) details[field] = value;
  }
  return details;
}

export const providerSchema = component(
  'Provider',
  z.object({ key: z.string(), name: z.string(), countryCodes: z.array(z.string()), description: z.string() }),
);
export type ProviderDto = z.infer<typeof providerSchema>;

/** Create-consent body (spec 2.8). */
export const createConsentBody = requestObject({
  providerKey: requiredString(100),
  countryCode: countryCode(DEFAULT_COUNTRY_CODE),
  userId: optionalGuid((f) => `The ${f} field must be a GUID or null.`),
  externalUserId: optionalString(MAX_EXTERNAL_USER_ID_LENGTH, { notBlank: true }),
  redirectUrl: redirectUrl().optional().meta({ description: 'Required for a bank; a statement-upload consent has no authorisation step to come back from.' }),
  syncMode: optionalEnumIgnoringCase(SyncModes),
  psuIpAddress: z
    .union([z.ipv4(), z.ipv6()], { error: () => 'The psuIpAddress must be an IPv4 or IPv6 address.' })
    .optional()
    .meta({ description: 'The user’s IP address as the app saw it: required for an XS2A bank (sent as PSU-IP-Address when the consent is made at the bank).' }),
  psuId: optionalString(100, { notBlank: true }).meta({ description: 'The user’s login id at the bank: required for an XS2A bank’s decoupled approach (the user approves in the bank’s app), which is used when given.' }),
});
export type CreateConsentBody = z.output<typeof createConsentBody>;

export const createdConsentSchema = component(
  'CreatedConsent',
  z.object({ consentId: guidString(), consentUrl: z.string().nullable().meta({ format: 'uri', description: 'Where the user grants access at the bank; null for a statement-upload consent, which waits for files instead.' }) }),
);

/** `POST /consents/{id}/reauthorise`: what the bank is told when the new consent is made there. */
export const reauthoriseConsentBody = requestObject({
  psuIpAddress: z
    .union([z.ipv4(), z.ipv6()], { error: () => 'The psuIpAddress field is required: the user’s IPv4 or IPv6 address.' })
    .meta({ description: 'The user’s IP address as the app saw it (sent as PSU-IP-Address when the new consent is made at the bank).' }),
  psuId: optionalString(100, { notBlank: true }).meta({ description: 'The user’s login id at the bank: selects the decoupled approach where the bank offers it.' }),
});
export type ReauthoriseConsentBody = z.output<typeof reauthoriseConsentBody>;

export const reauthorisationSchema = component(
  'Reauthorisation',
  z.object({
    consentId: guidString(),
    consentUrl: z.string().nullable().meta({ format: 'uri', description: 'Where the user authorises the new consent at the bank; null for the decoupled approach (the user approves in the bank’s app).' }),
  }),
);

const consentId = { id: pathGuid() };
const customer = { scope: Scopes.customerApi };
const notFound = problem('Not found, erased, or neither owned by nor shared with the caller.');

export const consentRoutes = defineRoutes(
  { service: 'consent', tags: ['Consents'], validationDetail: true, bodyLimit: '64kb' },
  {
    listProviders: {
      method: 'get',
      path: '/providers',
      auth: customer,
      summary: 'List the providers (banks) a consent can be created for',
      responses: { 200: json('Providers', dataEnvelope(z.array(providerSchema))) },
    },
    listConsents: {
      method: 'get',
      path: '/consents',
      auth: customer,
      summary: 'List the calling app’s consents, oldest first',
      query: { ConsentId: queryGuid(), UserId: queryGuid(), ExternalUserId: queryString(MAX_EXTERNAL_USER_ID_LENGTH) },
      responses: { 200: json('Consents', dataEnvelope(z.array(consentSchema))) },
    },
    createConsent: {
      method: 'post',
      path: '/consents',
      auth: customer,
      summary: 'Create a consent (apps registered for the direct provider flow only)',
      description: 'Send the user to consentUrl; after approving or declining there, the user is redirected to redirectUrl with consentId and status appended.',
      body: { schema: createConsentBody },
      idempotent: true,
      responses: {
        201: json('Created', createdConsentSchema, locationHeader()),
        403: problem('The app is not registered for the direct provider flow, or the token lacks the customer-api scope.'),
        502: problem('The bank (an XS2A provider) refused or did not answer the consent request; detail says what it answered. A retry with the same Idempotency-Key tries again.'),
        503: problem('The provider (an XS2A bank) is configured but temporarily unavailable on this instance (the operator is alerted); try again later.'),
      },
    },
    getConsent: {
      method: 'get',
      path: '/consents/{id}',
      auth: customer,
      summary: 'Get a consent (owner, or an app holding an unexpired share naming it)',
      params: consentId,
      responses: { 200: json('The consent', dataEnvelope(consentDetailSchema)), 404: notFound },
    },
    deleteConsent: {
      method: 'delete',
      path: '/consents/{id}',
      auth: customer,
      summary: 'Erase a consent, its accounts, transactions and everything derived from it, in every service',
      params: consentId,
      responses: { 204: empty('Erased'), 404: notFound },
    },
    refreshConsent: {
      method: 'post',
      path: '/consents/{id}/refresh',
      auth: customer,
      summary: 'Refresh accounts and transactions in the background (6 per consent per rolling day)',
      description: 'Completion is announced by the transactions.fetched event (webhook).',
      params: consentId,
      responses: {
        202: empty('Refresh queued', locationHeader('The consent.')),
        404: notFound,
        409: problem('The consent is not in a state that can be refreshed (Initialized, Rejected, TimedOut, Invalidated), or gets its data from statement files (POST /consents/{id}/statements)'),
        429: problem('Refresh limit reached; Retry-After gives the seconds until the next allowed refresh and detail the instant', {
          'Retry-After': { description: 'Seconds until the next refresh is allowed.', schema: { type: 'integer' } },
        }),
      },
    },
    reauthoriseConsent: {
      method: 'post',
      path: '/consents/{id}/reauthorise',
      auth: customer,
      summary: 'Re-authorise a consent at an XS2A bank: a new consent at the bank for the same consent (before or after it expired or the bank ended it)',
      description:
        'Send the user to consentUrl. When the bank says the new consent is valid, it replaces the old one (deleted at the bank), dateExpire moves to its validity, and the consent is fetched again (Authenticated, Updating, Updated; consent.status.updated), keeping its data: nothing is stored twice. The user then goes to redirectUrl with consentId, status and reauthorisation=approved|rejected|pending appended (pending: the bank has not decided yet; the poll decides it later); the link keeps taking the user there once it is decided. Refused or not decided within the authorisation timeout, the consent goes on as it was, with REAUTHORISATION_REJECTED or REAUTHORISATION_TIMED_OUT in errors. Asked again while one is under way: the same consentUrl.',
      params: consentId,
      body: { schema: reauthoriseConsentBody },
      responses: {
        200: json('The new bank consent’s authorisation', reauthorisationSchema),
        404: notFound,
        409: problem('The consent is not at an XS2A bank (or its bank was removed), or its status does not allow it (Initialized: the first authorisation is under way; Rejected, TimedOut: access was never granted, make a new consent)'),
        502: problem('The bank refused or did not answer the consent request; detail says what it answered.'),
        503: problem('The bank is configured but temporarily unavailable on this instance (the operator is alerted); try again later.'),
      },
    },
    listAccounts: {
      method: 'get',
      path: '/consents/{id}/accounts',
      auth: customer,
      summary: 'The consent’s accounts',
      params: consentId,
      responses: { 200: json('Accounts', dataEnvelope(z.array(accountSchema))), 404: notFound },
    },
    listTransactions: {
      method: 'get',
      path: '/accounts/{id}/transactions',
      auth: customer,
      summary: 'An account’s transactions, newest booking first (owner, or a share naming the account or its consent)',
      params: { id: pathGuid() },
      query: {
        page: queryInt32({ default: 1, min: 1, max: INT32_MAX }),
        pageSize: queryInt32({ default: DEFAULT_TRANSACTION_PAGE_SIZE, min: 1, max: MAX_TRANSACTION_PAGE_SIZE }),
        dateFrom: queryDateTime().meta({ description: 'Booked on or after (inclusive); not after dateTo (a 400 naming dateFrom: a rule across two parameters, which JSON Schema cannot state).' }),
        dateTo: queryDateTime().meta({ description: 'Booked on or before (inclusive); not before dateFrom.' }),
      },
      responses: { 200: json('A page of transactions', component('TransactionPagedList', pagedList(transactionSchema))), 404: notFound },
    },
  },
);

const formField = () => z.string().optional();

/** The sandbox bank's consent page, opened by the end user's browser (no app token; the link's secret `state` instead). */
export const sandboxRoutes = defineRoutes(
  { service: 'consent', tags: ['Sandbox bank'], bodyLimit: '8kb' },
  {
    showAuthorizationPage: {
      method: 'get',
      path: '/sandbox/{providerKey}/authorize',
      auth: 'public',
      summary: 'The sandbox bank’s consent page (the consentUrl), for the end user’s browser',
      params: { providerKey: z.string() },
      query: { consentId: formField(), state: formField() },
      responses: { 200: html('HTML page with Approve and Decline'), 303: redirect('Already decided: back to redirectUrl'), 404: html('Unknown link') },
    },
    decideAuthorization: {
      method: 'post',
      path: '/sandbox/{providerKey}/authorize',
      auth: 'public',
      summary: 'The user’s decision; redirects to redirectUrl?consentId=…&status=Authenticated|Rejected',
      params: { providerKey: z.string() },
      body: { schema: z.object({ consentId: formField(), state: formField(), decision: z.enum(['approve', 'decline']).meta({ description: 'The button the user pressed.' }) }), encoding: 'form' },
      responses: { 303: redirect('Back to the app'), 404: html('Unknown link') },
    },
  },
);

export const ConsentEventTypes = {
  created: 'consent.created',
  statusUpdated: 'consent.status.updated',
  expiring: 'consent.expiring',
  accountsUpdated: 'accounts.updated',
  transactionsAdded: 'transactions.added',
  transactionsFetched: 'transactions.fetched',
  deleted: 'consent.deleted',
} as const;
export type ConsentEventType = (typeof ConsentEventTypes)[keyof typeof ConsentEventTypes];

/** Who a consent's data belongs to: carried by every consent event. */
const consentSubject = { consentId: guidString(), userId: z.string().nullable(), externalUserId: z.string().nullable() };
export type ConsentSubject = z.infer<z.ZodObject<typeof consentSubject>>;

/** `consent.created` and `consent.status.updated`, keyed `<consentId>`: the whole consent. */
export const consentStateDataSchema = component('ConsentStateData', z.object({ ...consentSubject, consent: consentSchema }));
export type ConsentStateData = z.infer<typeof consentStateDataSchema>;

/**
 * `consent.expiring`, keyed `<consentId>/expiring`: the access the user granted at the bank (an XS2A bank consent)
 * ends at `validUntil`, within the notice the platform gives (`CONSENT_EXPIRING_NOTICE_DAYS`); once per bank consent.
 */
export const consentExpiringDataSchema = component(
  'ConsentExpiringData',
  z.object({ ...consentSubject, consent: consentSchema, bankConsentId: z.string(), validUntil: dateTimeString() }),
);
export type ConsentExpiringData = z.infer<typeof consentExpiringDataSchema>;

/** `accounts.updated`, keyed `<consentId>/accounts`: every account of the consent. */
export const accountsUpdatedDataSchema = component('AccountsUpdatedData', z.object({ ...consentSubject, accounts: z.array(accountSchema) }));
export type AccountsUpdatedData = z.infer<typeof accountsUpdatedDataSchema>;

/**
 * `transactions.added`, keyed `<consentId>/tx/<fetchId>/<n>`: a batch of new transactions. The
 * keys are distinct, so the compacted topic keeps every batch until the consent is erased.
 */
export const transactionsAddedDataSchema = component('TransactionsAddedData', z.object({ ...consentSubject, fetchId: z.string(), transactions: z.array(transactionSchema) }));
export type TransactionsAddedData = z.infer<typeof transactionsAddedDataSchema>;

/** `transactions.fetched`, keyed `<consentId>/fetched`: the spec's "Transactions Fetched". */
export const transactionsFetchedDataSchema = component(
  'TransactionsFetchedData',
  z.object({ ...consentSubject, fetchId: z.string(), addedTransactionsCount: z.number().int(), dateTransactionsUpdated: dateTimeString() }),
);
export type TransactionsFetchedData = z.infer<typeof transactionsFetchedDataSchema>;

/** `consent.deleted`, keyed `<consentId>`: erase everything derived from the consent. */
export const consentDeletedDataSchema = component('ConsentDeletedData', z.object({ ...consentSubject, accountIds: z.array(guidString()) }));
export type ConsentDeletedData = z.infer<typeof consentDeletedDataSchema>;

/**
 * The consent a tombstone of `consent.events.v1` erases, or null. Only an erasure tombstones a consent's
 * own key `<consentId>` (right after `consent.deleted`, which a consumer lagging past its compaction never
 * sees); its other keys (`<consentId>/accounts`, `<consentId>/tx/...`) are tombstoned with it.
 */
export const erasedConsentOfTombstone = (key: string): string | null => (key.includes('/') ? null : key);

/**
 * Everything about consents, their accounts and transactions. Compacted: every message has a
 * distinct key under its consent, all of a consent's keys share a partition, and erasure writes
 * tombstones, so a new consumer can rebuild from offset 0 and erased data leaves the log.
 */
export const consentEvents = defineEvents(Topics.consentEvents, {
  [ConsentEventTypes.created]: consentStateDataSchema,
  [ConsentEventTypes.statusUpdated]: consentStateDataSchema,
  [ConsentEventTypes.expiring]: consentExpiringDataSchema,
  [ConsentEventTypes.accountsUpdated]: accountsUpdatedDataSchema,
  [ConsentEventTypes.transactionsAdded]: transactionsAddedDataSchema,
  [ConsentEventTypes.transactionsFetched]: transactionsFetchedDataSchema,
  [ConsentEventTypes.deleted]: consentDeletedDataSchema,
});
