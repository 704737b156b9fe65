import { z } from 'zod/v4';
import { providerSchema } from './consents';
import { defineRoutes, empty, html, json, problem, redirect } from './http/route';

/** SCA approaches the connector uses (NextGenPSD2: `ASPSP-SCA-Approach`). */
export const ScaApproaches = ['redirect', 'decoupled'] as const;
export type ScaApproach = (typeof ScaApproaches)[number];

/** The longest consent validity PSD2 allows without the PSU renewing it (RTS Art. 10a, 180 days). */
export const MAX_XS2A_CONSENT_VALIDITY_DAYS = 180;

const text = (field: string, max: number) =>
  z
    .string({ error: () => `The ${field} must be a string of 1-${max} characters.` })
    .trim()
    .min(1, { error: () => `The ${field} must be a string of 1-${max} characters.` })
    .max(max, { error: () => `The ${field} must be a string of 1-${max} characters.` });

const whole = (field: string, min: number, max: number, fallback: number) =>
  z
    .number({ error: () => `The ${field} must be a whole number from ${min} to ${max}.` })
    .int({ error: () => `The ${field} must be a whole number from ${min} to ${max}.` })
    .min(min, { error: () => `The ${field} must be a whole number from ${min} to ${max}.` })
    .max(max, { error: () => `The ${field} must be a whole number from ${min} to ${max}.` })
    .default(fallback);

const pemOrFile = (field: string, what: string) =>
  text(field, 65_536)
    // As a pattern the API document carries: checked on the trimmed value, so it ends in something other than a space.
    .regex(/^(?:-----BEGIN |\/)[^\u0000]*[^\s\u0000]$/, { error: () => `The ${field} must be PEM text (-----BEGIN ...) or the absolute path of a file holding it.` })
    .meta({ description: `${what}: PEM text, or the absolute path of a file the consent service reads it from (a mounted secret; through the admin API under XS2A_SECRETS_DIR, a regular file of at most 64 KB). Never shown back.` });

const keyFile = (field: string, what: string) =>
  text(field, 4_096)
    .regex(/^\/[^\u0000]*[^\s\u0000]$/, { error: () => `The ${field} must be the absolute path of a file holding the key (a mounted secret); a key is not accepted as text here, so that it is never kept in the database.` })
    .meta({ description: `${what}: the absolute path of a file every consent service instance reads it from (a mounted secret under XS2A_SECRETS_DIR, a regular file of at most 64 KB; it must be the certificate's key). Never shown back.` });

/** How one bank bends the standard (docs/providers.md, "Quirks"). */
export const xs2aQuirksSchema = z
  .object({
    headers: z
      .record(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, { error: () => 'A quirks header name must be 1-64 letters, digits or dashes.' }), z.string().max(1024, { error: () => 'A quirks header value must be at most 1024 characters.' }))
      .optional()
      .meta({ description: 'Headers sent with every request to this bank (a hub’s API key, a fixed PSU-IP-Port, ...).' }),
    itemsPerPage: z.number().int().min(1).max(10_000).optional().meta({ description: 'itemsPerPage asked for on transaction reports (the bank’s own page size when absent).' }),
    dateTimesAsDates: z.boolean().optional().meta({ description: 'The bank writes date-times where the standard has dates (bookingDate, valueDate): cut to the date before its answer is checked.' }),
    psuIdRequired: z.boolean().optional().meta({ description: 'The bank wants PSU-ID on the redirect approach as well: the consent’s externalUserId is sent.' }),
  })
  .strict();

/** A bank's configuration, with private keys given as `secretKey` makes them. */
const xs2aProviderSchemaWith = (secretKey: (field: string, what: string) => z.ZodType<string>) => z
  .object({
    kind: z.literal('xs2a', { error: () => 'The kind must be "xs2a" (the only kind of provider an operator adds).' }),
    providerKey: z
      .string({ error: () => 'The providerKey must be 2-64 lowercase letters, digits or dashes, starting with a letter or digit.' })
      .regex(/^[a-z0-9][a-z0-9-]{1,63}$/, { error: () => 'The providerKey must be 2-64 lowercase letters, digits or dashes, starting with a letter or digit.' }),
    // Refused when blank after trimming: as a pattern, the API document says so (a character other than white space).
    name: text('name', 100).regex(/^[^\u0000]*[^\s\u0000][^\u0000]*$/, { error: () => 'The name must be a string of 1-100 characters.' }),
    country: z
      .string({ error: () => 'The country must be an ISO 3166 alpha-2 code such as NL.' })
      .regex(/^[A-Za-z]{2}$/, { error: () => 'The country must be an ISO 3166 alpha-2 code such as NL.' })
      .transform((c) => c.toUpperCase()),
    description: z.string().max(500, { error: () => 'The description must be at most 500 characters.' }).optional(),
    baseUrl: z
      .string({ error: () => 'The baseUrl must be the bank’s https XS2A address, up to where /v1/... begins.' })
      // An https address (a host name or an IPv4 address, a port, a path, no query), as a pattern the API document
      // carries; every string it matches is a URL the refinement accepts.
      .regex(
        /^https:\/\/(?:(?:[A-Za-z0-9](?:-?[A-Za-z0-9]){0,62}\.){0,10}[A-Za-z](?:-?[A-Za-z0-9]){0,62}|(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3})(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}|0))?(?:\/[A-Za-z0-9._~!$&'()*+,;=:@/-]*)?$/,
        { error: () => 'The baseUrl must be the bank’s https XS2A address, up to where /v1/... begins.' },
      )
      .refine((u) => URL.canParse(u) && new URL(u).protocol === 'https:' && !new URL(u).search, { error: () => 'The baseUrl must be the bank’s https XS2A address, up to where /v1/... begins.' }),
    scaApproaches: z
      .array(z.enum(ScaApproaches, { error: () => 'Each SCA approach must be redirect or decoupled.' }), { error: () => 'The scaApproaches must be a list of redirect and/or decoupled.' })
      .min(1, { error: () => 'The scaApproaches must name at least one approach.' }),
    consentAccess: z
      .enum(['allPsd2', 'bankOffered'], { error: () => 'The consentAccess must be allPsd2 or bankOffered.' })
      .default('allPsd2')
      .meta({ description: 'allPsd2: every payment account; bankOffered: empty account lists, the PSU picks the accounts at the bank.' }),
    tls: z
      .object({
        clientCertificate: pemOrFile('tls.clientCertificate', 'The TPP’s client certificate for mutual TLS (a QWAC in production)'),
        clientKey: secretKey('tls.clientKey', 'Its private key'),
        caBundle: pemOrFile('tls.caBundle', 'The CAs trusted for the bank’s server certificate (the system’s when absent)').optional(),
      })
      .strict(),
    signing: z
      .object({
        certificate: pemOrFile('signing.certificate', 'The TPP’s QSealC'),
        key: secretKey('signing.key', 'Its private key'),
      })
      .strict()
      .optional()
      .meta({ description: 'HTTP message signing (Digest, Signature, TPP-Signature-Certificate), for banks that require it.' }),
    frequencyPerDay: whole('frequencyPerDay', 1, 100, 4).meta({ description: 'Unattended reads a day the consent asks for (PSD2 allows 4); refreshes are limited to fit it.' }),
    consentValidityDays: whole('consentValidityDays', 1, MAX_XS2A_CONSENT_VALIDITY_DAYS, MAX_XS2A_CONSENT_VALIDITY_DAYS),
    historyDays: whole('historyDays', 1, 730, 90).meta({ description: 'How far back the first fetch asks for transactions.' }),
    requestTimeoutMs: whole('requestTimeoutMs', 1_000, 120_000, 20_000),
    quirks: xs2aQuirksSchema.optional(),
  })
  .strict();

/**
 * A bank reached through the Berlin Group NextGenPSD2 (XS2A) interface, as an operator configures it in the file
 * `XS2A_PROVIDERS_FILE` names (docs/providers.md): keys as PEM text or file paths (the file is the operator's own).
 */
export const xs2aProviderConfigSchema = xs2aProviderSchemaWith(pemOrFile);

/**
 * The same through the admin API (`POST /admin/providers`, `PUT /admin/providers/{providerKey}`): private keys only as
 * the absolute path of a file (a mounted secret), so no key is kept in the database (docs/decisions.md).
 */
export const xs2aProviderBodySchema = xs2aProviderSchemaWith(keyFile);

export type Xs2aProviderConfigInput = z.input<typeof xs2aProviderConfigSchema>;
export type Xs2aProviderConfig = z.output<typeof xs2aProviderConfigSchema>;

const providerKey = z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/).meta({ description: 'The providerKey the bank was added under.' });

export const providerAdminRoutes = defineRoutes(
  { service: 'consent', tags: ['Operations'], validationDetail: true, bodyLimit: '256kb' },
  {
    addProvider: {
      method: 'post',
      path: '/admin/providers',
      auth: 'admin',
      summary: 'Add a bank reached through the Berlin Group NextGenPSD2 (XS2A) interface (admin token)',
      description: 'Certificates and keys are kept by the consent service and never shown back; every instance offers the bank within XS2A_PROVIDERS_RELOAD_MS.',
      body: { schema: xs2aProviderBodySchema },
      responses: {
        201: json('Added; as GET /providers lists it', providerSchema),
        401: problem('Missing or wrong admin token'),
        409: problem('A provider with this providerKey exists'),
      },
    },
    updateProvider: {
      method: 'put',
      path: '/admin/providers/{providerKey}',
      auth: 'admin',
      summary: 'Replace the configuration of a bank added through the API (admin token)',
      description:
        'The whole configuration, as for POST; its providerKey must be the one in the path. Its files are read at once (one that cannot be read is a 400 naming it). Consents at the bank go on under the new configuration; every instance uses it within XS2A_PROVIDERS_RELOAD_MS.',
      params: { providerKey },
      body: { schema: xs2aProviderBodySchema },
      responses: {
        200: json('Changed; as GET /providers lists it', providerSchema),
        401: problem('Missing or wrong admin token'),
        404: problem('No bank with this providerKey was added through the API'),
        409: problem('The bank is configured in XS2A_PROVIDERS_FILE (change it there), or another change came first (read and try again)'),
      },
    },
    removeProvider: {
      method: 'delete',
      path: '/admin/providers/{providerKey}',
      auth: 'admin',
      summary: 'Remove a bank added through the API (admin token)',
      description:
        'The bank is no longer offered for new consents. Its consents keep their data (apps read and erase them as before) and are not fetched any more: the next fetch of each ends it (Invalidated, PROVIDER_REMOVED in errors, consent.status.updated). Their consents at the bank end at their validUntil.',
      params: { providerKey },
      responses: {
        204: empty('Removed'),
        401: problem('Missing or wrong admin token'),
        404: problem('No bank with this providerKey was added through the API'),
        409: problem('The bank is configured in XS2A_PROVIDERS_FILE: remove it there'),
      },
    },
  },
);

const queryText = () => z.string().optional();

/** Where an XS2A bank sends the user's browser after the SCA (the consent's `TPP-Redirect-URI` and `TPP-Nok-Redirect-URI`). */
export const xs2aCallbackRoutes = defineRoutes(
  { service: 'consent', tags: ['Consents'] },
  {
    completeBankAuthorization: {
      method: 'get',
      path: '/xs2a/{providerKey}/callback',
      auth: 'public',
      summary: 'Back from an XS2A bank’s SCA: the consent’s status is asked of the bank; redirects to redirectUrl?consentId=…&status=…',
      params: { providerKey: z.string() },
      query: { consentId: queryText(), state: queryText(), result: queryText().meta({ description: 'ok (TPP-Redirect-URI) or nok (TPP-Nok-Redirect-URI).' }) },
      responses: { 303: redirect('Back to the app'), 404: html('Unknown link') },
    },
  },
);
