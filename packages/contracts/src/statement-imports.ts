import { z } from 'zod/v4';
import { defineRoutes, json, locationHeader, problem } from './http/route';
import { dataEnvelope, dateTimeString, guidString } from './schema/common';
import { fileBody, optionalEnumIgnoringCase, pathGuid } from './schema/fields';
import { component } from './schema/json-schema';
import { Scopes } from './scopes';

/** The largest statement file taken (docs/statements.md). */
export const MAX_STATEMENT_FILE_BYTES = 20 * 1024 * 1024;

export const StatementImportStatuses = ['Pending', 'Running', 'Completed', 'Failed'] as const;
export type StatementImportStatus = (typeof StatementImportStatuses)[number];

/** What `?format=` may name; `csv` leaves the bank to the header line. Without it the format is read from the content. */
export const StatementFormatHints = ['camt.053', 'camt.052', 'mt940', 'csv', 'csv-ing', 'csv-rabobank'] as const;

/** The media types a statement file may be sent as. */
export const STATEMENT_MEDIA_TYPES = ['application/xml', 'text/xml', 'text/plain', 'text/csv'] as const;

export const statementProblemSchema = component(
  'StatementProblem',
  z.object({
    location: z.string().meta({ description: 'Where in the file: `line 12`, or an element path such as `/Document/BkToCstmrStmt/Stmt[1]/Ntry[3]`; `file` for the whole file.' }),
    message: z.string(),
  }),
);

export const statementImportSchema = component(
  'StatementImport',
  z.object({
    id: guidString(),
    consentId: guidString(),
    status: z.enum(StatementImportStatuses),
    format: z.string().nullable().meta({ description: 'The format read (camt.053, camt.052, mt940, csv-ing, csv-rabobank); null until known.' }),
    version: z.string().nullable().meta({ description: 'The message version where the format has one (camt.053.001.08).' }),
    byteLength: z.number().int(),
    accounts: z.array(z.object({ accountId: guidString(), iban: z.string() })).meta({ description: 'The accounts the file touched, matched or created by IBAN.' }),
    transactionsAdded: z.number().int(),
    duplicatesSkipped: z.number().int().meta({ description: 'Booked transactions of the file that were stored before (by this or an overlapping file).' }),
    errors: z.array(statementProblemSchema).meta({ description: 'Why the import failed, each with where in the file. A failed import stores nothing of the file.' }),
    createdAt: dateTimeString(),
    startedAt: dateTimeString().nullable(),
    completedAt: dateTimeString().nullable(),
  }),
);
export type StatementImportDto = z.infer<typeof statementImportSchema>;

const customer = { scope: Scopes.customerApi };
const notFound = problem('Not found, erased, or not owned by the caller (only the app that owns a consent uploads to it and reads its imports).');
const ids = { id: pathGuid(), importId: pathGuid() };

export const statementImportRoutes = defineRoutes(
  { service: 'consent', tags: ['Statement imports'], validationDetail: true },
  {
    uploadStatement: {
      method: 'post',
      path: '/consents/{id}/statements',
      auth: customer,
      summary: 'Upload one statement file (camt.053, camt.052, MT940, ING or Rabobank CSV) to a statement-upload consent',
      description:
        'The file is the raw body: application/xml (or text/xml) for camt, text/plain for MT940, text/csv for CSV; a gzip Content-Encoding is accepted. It is imported in the background: follow Location. When the import completes, the consent is Updated and transactions.fetched goes out, as after a bank fetch.',
      params: { id: pathGuid() },
      query: { format: optionalEnumIgnoringCase(StatementFormatHints).meta({ description: 'The file’s format; read from the content when left out.' }) },
      body: { schema: fileBody('The statement file, as the bank exported it.'), encoding: 'raw', mediaTypes: STATEMENT_MEDIA_TYPES, limit: '20mb' },
      idempotent: true,
      writesEvents: true,
      responses: {
        202: json('Import queued', dataEnvelope(z.object({ id: guidString() })), locationHeader('The import.')),
        404: notFound,
        409: problem('The consent takes no statement files: it is connected to a bank, or no longer active (Invalidated).'),
      },
    },
    listStatementImports: {
      method: 'get',
      path: '/consents/{id}/statements',
      auth: customer,
      summary: 'The consent’s statement imports, newest first',
      params: { id: pathGuid() },
      responses: { 200: json('Imports', dataEnvelope(z.array(statementImportSchema))), 404: notFound },
    },
    getStatementImport: {
      method: 'get',
      path: '/consents/{id}/statements/{importId}',
      auth: customer,
      summary: 'One statement import: its status, format, accounts, counts and located errors',
      params: ids,
      responses: { 200: json('The import', dataEnvelope(statementImportSchema)), 404: notFound },
    },
  },
);
