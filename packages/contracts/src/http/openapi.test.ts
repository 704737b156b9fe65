import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { z } from 'zod/v4';
import { createAnalysisJobBody } from '../analysis';
import { openApiDocument } from '../api';
import { categorizationFeedbackBody } from '../feedback';
import { createShareBody } from '../shares';
import { NUL_FREE_PATTERN } from '../schema/json-schema';
import { UnreadableRequestAnswers } from './unreadable-requests';

type Schema = Record<string, unknown>;
type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
};

const document = openApiDocument('http://localhost') as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
const operations = Object.entries(document.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([method, operation]) => ({ label: `${method.toUpperCase()} ${path}`, operation })));

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('int32', true);
ajv.addSchema({ ...document, $id: 'doc' });
/** Whether the document's schema of `POST path`'s JSON body accepts `body`. */
const documentAccepts = (path: string, body: unknown): boolean => ajv.validate({ $ref: `doc#/paths/${path.replace(/\//g, '~1')}/post/requestBody/content/application~1json/schema` }, body);
const serverAccepts = (schema: z.ZodType, body: unknown): boolean => z.safeParse(schema, body).success;

describe('answers every operation documents', () => {
  it('lists 431 (header_too_large) and every other answer to a request the server cannot read on every operation, as a problem body', () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const { label, operation } of operations) {
      for (const answer of Object.values(UnreadableRequestAnswers)) {
        const response = operation.responses[String(answer.status)];
        expect({ label, status: answer.status, documented: response?.description.includes(`\`${answer.code}\``), content: Object.keys(response?.content ?? {}) }).toEqual({
          label,
          status: answer.status,
          documented: true,
          content: expect.arrayContaining(['application/problem+json']),
        });
      }
    }
  });

  it('keeps a route’s own meaning of a status beside the server’s', () => {
    const createShare = document.paths['/shares']!.post!;
    expect(createShare.responses['400']!.description).toMatch(/^Validation problem: `errors` names each invalid field; or the request is not valid HTTP\/1\.1 .*`malformed_request`/);
    expect(createShare.responses['413']!.description).toMatch(/^The body is larger than 256kb; or the chunk extensions .*`chunk_extensions_too_large`/);
  });
});

/** Every string schema of what a client sends: parameters and bodies, with where it is. */
function inputStrings(): Array<{ where: string; schema: Schema }> {
  const found: Array<{ where: string; schema: Schema }> = [];
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}/${i}`));
    if (node === null || typeof node !== 'object') return;
    const schema = node as Schema;
    const type = schema.type;
    if (type === 'string' || (Array.isArray(type) && type.includes('string'))) found.push({ where, schema });
    // Conditions (if/then/else, not) only narrow what the schema beside them states.
    for (const [key, value] of Object.entries(schema)) if (!['enum', 'const', 'examples', 'default', 'example', 'if', 'then', 'else', 'not'].includes(key)) visit(value, `${where}/${key}`);
  };
  for (const { label, operation } of operations) {
    for (const parameter of operation.parameters ?? []) visit(parameter.schema, `${label} ${parameter.in} ${parameter.name}`);
    // A file sent as the raw body is no value of the request: its parser refuses a NUL (a statement import fails with it).
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) if (FIELD_MEDIA_TYPES.has(type)) visit(media.schema, `${label} ${type}`);
  }
  return found;
}

const FIELD_MEDIA_TYPES = new Set(['application/json', 'application/x-www-form-urlencoded']);

/**
 * Whether every string a regular expression matches is free of NUL, judged from its text: anchored at both
 * ends, no `.`, `\S`, `\D` or `\W`, and every negated class names `\u0000` (a positive class or a literal
 * names no NUL in any pattern of this document).
 */
function excludesNul(pattern: string): boolean {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      if ('SDW0'.includes(pattern[i + 1]!) || pattern.startsWith('u0000', i + 1) || pattern.startsWith('x00', i + 1)) return false;
      i++;
    } else if (c === '.') {
      return false;
    } else if (c === '[') {
      let end = i + 1;
      while (end < pattern.length && pattern[end] !== ']') end += pattern[end] === '\\' ? 2 : 1;
      const body = pattern.slice(i + 1, end);
      if (body.startsWith('^') ? !body.includes('\\u0000') : body.includes('\\u0000') || /\\[SDW]/.test(body)) return false;
      i = end;
    }
  }
  return true;
}

describe('the NUL character, which the server refuses anywhere in input', () => {
  it('judges patterns as intended', () => {
    expect([NUL_FREE_PATTERN, '^[a-z]{2}$', '^[^<>\\u0000]*[^\\s\\u0000]$', '^([Ee]1|[Zz]2)$', '^[^\\u0000-\\u0020#]+$'].map(excludesNul)).toEqual([true, true, true, true, true]);
    expect(['\\S', '^[^<>]*$', '^a.b$', '^\\S+$', '^[a-z]*', '^[\\u0000-\\u0020]$'].map(excludesNul)).toEqual([false, false, false, false, false, false]);
  });

  it('is left out of every string a client sends, by a pattern, an enumeration or a format', () => {
    const admitted = inputStrings()
      .filter(({ schema }) => !('enum' in schema) && !('const' in schema) && !['date-time', 'uuid'].includes(schema.format as string))
      .filter(({ schema }) => typeof schema.pattern !== 'string' || !excludesNul(schema.pattern))
      .map(({ where, schema }) => `${where}: ${JSON.stringify(schema.pattern)}`);
    expect(admitted).toEqual([]);
    expect(inputStrings().length).toBeGreaterThan(100);
  });

  it('is refused by the document where the server refuses it: a string, a property name, a value of a property the server ignores', () => {
    const share = { clientId: 'partner-app' };
    expect(documentAccepts('/shares', share)).toBe(true);
    expect(documentAccepts('/shares', { ...share, reference: 'ok', unknown: { deep: ['ok', 1, null] } })).toBe(true);
    expect(serverAccepts(createShareBody, { ...share, reference: 'ok', unknown: { deep: ['ok', 1, null] } })).toBe(true);
    for (const body of [{ clientId: 'partner\u0000app' }, { ...share, reference: 'a\u0000' }, { ...share, 'refer\u0000ence': 'a' }, { ...share, unknown: { deep: ['ok', 'n\u0000'] } }, { ...share, unknown: { ['k\u0000']: 1 } }]) {
      expect({ body, accepted: documentAccepts('/shares', body) }).toEqual({ body, accepted: false });
    }
  });
});

describe('rules across fields, stated in the document as the server checks them', () => {
  const id = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
  const job = { Reference: 'r', Engine: 'z2', Profile: 'retail', Input: { consentIds: [id] } };
  it.each([
    ['one kind of input', job, true],
    ['one kind of input, the others null', { ...job, Input: { consentIds: [id], userIds: null, accountIds: null } }, true],
    ['two kinds of input', { ...job, Input: { consentIds: [id], accountIds: [id] } }, false],
    ['no kind of input', { ...job, Input: {} }, false],
    ['only null kinds', { ...job, Input: { consentIds: null, userIds: null } }, false],
    ['engine e1 with a CountryCode', { ...job, Engine: 'E1', CountryCode: 'nl' }, true],
    ['engine e1 without a CountryCode', { ...job, Engine: 'E1' }, false],
    ['engine e1 with a null CountryCode', { ...job, Engine: 'e1', CountryCode: null }, false],
    ['profile corporate with a kvk_number', { ...job, Profile: 'Corporate', Metadata: { kvk_number: '12345678' } }, true],
    ['profile corporate without Metadata', { ...job, Profile: 'corporate' }, false],
    ['profile corporate with a null kvk_number', { ...job, Profile: 'corporate', Metadata: { kvk_number: null, internal_ibans: [] } }, false],
  ])('an analysis job with %s: document and server agree', (_name, body, valid) => {
    expect({ document: documentAccepts('/analysis-jobs', body), server: serverAccepts(createAnalysisJobBody, body) }).toEqual({ document: valid, server: valid });
  });

  it('says in prose what it cannot state: feedback that corrects nothing, dateFrom after dateTo', () => {
    const feedback = document.paths['/v2/categorization-feedback']!.post!.requestBody!.content['application/json']!.schema as { properties: Record<string, Schema> };
    expect(feedback.properties.targetCategory!.description).toMatch(/must differ from originalCategory with originalFlags/);
    const transactions = document.paths['/accounts/{id}/transactions']!.get!.parameters!;
    expect(transactions.find((p) => p.name === 'dateFrom')!.schema.description).toMatch(/not after dateTo/);
    const same = {
      engine: 'e1', countryCode: 'nl', profile: 'retail', transactionId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301', accountId: '3f2504e0-4f89-11d3-9a0c-0305e82c3302',
      amount: -1, currency: 'EUR', description: '', providerKey: 'sandbox', originalCategory: 'expenses.groceries', originalFlags: [], targetCategory: 'expenses.groceries', targetFlags: [],
    };
    expect({ document: documentAccepts('/v2/categorization-feedback', same), server: serverAccepts(categorizationFeedbackBody, same) }).toEqual({ document: true, server: false });
  });
});
