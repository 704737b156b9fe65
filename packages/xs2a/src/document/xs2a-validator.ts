import Ajv04 from 'ajv-draft-04';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { xs2aDocument, type OpenApiNode } from './document';

/**
 * Validates XS2A requests and responses against the Berlin Group's OpenAPI document (docs/decisions.md, "XS2A
 * document and validator (issue 28)").
 *
 * The document's schemas are OpenAPI 3.0 Schema Objects, a dialect of JSON Schema draft 4 (boolean
 * `exclusiveMinimum`, `nullable`), so they are compiled by Ajv's draft-04 build with the formats the document names.
 * Every schema is compiled by reference into the document itself (`xs2a#/<pointer>`), so its `$ref`s across
 * components resolve as they are written.
 */

export interface Xs2aRequest {
  method: string;
  /** The path as sent, without query string, e.g. `/v1/consents/abc/status`. */
  path: string;
  query?: Readonly<Record<string, string | readonly string[] | undefined>>;
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  body?: unknown;
}

export interface Xs2aResponse {
  status: number;
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The parsed JSON body; undefined when there is none. */
  body?: unknown;
}

export interface Xs2aValidationIssue {
  /** Where: `header X-Request-ID`, `query dateFrom`, `path consentId`, `body/access/accounts/0/iban`, `operation`, `status`, `content-type`. */
  at: string;
  message: string;
}

export interface Xs2aOperation {
  method: string;
  /** The document's path template, e.g. `/v1/consents/{consentId}`. */
  template: string;
  operationId: string;
  pathParams: Record<string, string>;
}

interface Located {
  node: OpenApiNode;
  pointer: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schemaPointer: string | undefined;
}

const DOCUMENT_ID = 'xs2a';

export class Xs2aValidator {
  private readonly document: OpenApiNode;
  /** Bodies: types as in JSON. */
  private readonly strict: Ajv04;
  /** Headers, query and path values arrive as text: `"true"` is a boolean, `"4"` an integer (a root value is coerced for the check only). */
  private readonly coercing: Ajv04;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; pattern: RegExp; names: string[]; literals: number }[];

  constructor(document: OpenApiNode = xs2aDocument()) {
    this.document = document;
    this.strict = newAjv(false);
    this.coercing = newAjv(true);
    this.strict.addSchema(document, DOCUMENT_ID);
    this.coercing.addSchema(document, DOCUMENT_ID);
    const paths = (document.paths ?? {}) as OpenApiNode;
    this.templates = Object.keys(paths)
      .map((raw) => {
        const template = raw.trim();
        const names: string[] = [];
        const segments = template.split('/');
        const pattern = segments
          .map((segment) => {
            const param = /^\{(.+)\}$/.exec(segment);
            if (!param) return escapeRegExp(segment);
            names.push(param[1]!);
            return '([^/]+)';
          })
          .join('/');
        return { template: raw, pattern: new RegExp(`^${pattern}$`), names, literals: segments.filter((s) => !s.startsWith('{')).length };
      })
      // `/v1/consents` before `/v1/{payment-service}/{payment-product}`: the more literal segments, the more specific.
      .sort((a, b) => b.literals - a.literals);
  }

  /** The document's operation for a method and a concrete path, or undefined when the document has none. */
  findOperation(method: string, path: string): Xs2aOperation | undefined {
    const m = method.toLowerCase();
    const paths = this.document.paths as OpenApiNode;
    for (const t of this.templates) {
      const match = t.pattern.exec(path);
      if (!match) continue;
      const item = paths[t.template] as OpenApiNode;
      const operation = item[m] as OpenApiNode | undefined;
      if (!operation) continue;
      const pathParams: Record<string, string> = {};
      t.names.forEach((name, i) => (pathParams[name] = decodeURIComponent(match[i + 1]!)));
      return { method: m, template: t.template, operationId: String(operation.operationId ?? `${m} ${t.template}`), pathParams };
    }
    return undefined;
  }

  validateRequest(request: Xs2aRequest): Xs2aValidationIssue[] {
    const operation = this.findOperation(request.method, request.path);
    if (!operation) return [{ at: 'operation', message: `the document has no operation ${request.method.toUpperCase()} ${request.path}` }];
    const opPointer = pointerOf(['paths', operation.template, operation.method]);
    const op = this.at(opPointer);
    const issues: Xs2aValidationIssue[] = [];
    for (const p of this.parameters(operation.template, operation.method)) {
      const value =
        p.in === 'header' ? headerValue(request.headers, p.name) : p.in === 'query' ? firstValue(request.query?.[p.name]) : p.in === 'path' ? operation.pathParams[p.name] : undefined;
      const at = `${p.in} ${p.name}`;
      if (value === undefined) {
        if (p.required) issues.push({ at, message: 'is required' });
        continue;
      }
      if (p.schemaPointer) issues.push(...this.check(this.coercing, p.schemaPointer, value, at));
    }
    if (op.requestBody) {
      const body = this.resolve(op.requestBody as OpenApiNode, `${opPointer}/requestBody`);
      const hasBody = request.body !== undefined;
      if (!hasBody) {
        if (body.node.required === true) issues.push({ at: 'body', message: 'is required' });
      } else {
        const contentType = mediaType(headerValue(request.headers, 'content-type')) ?? 'application/json';
        const schemaPointer = this.contentSchema(body, contentType);
        if (schemaPointer === null) issues.push({ at: 'content-type', message: `${contentType} is not a media type of this request body` });
        else if (schemaPointer) issues.push(...this.check(this.strict, schemaPointer, request.body, 'body'));
      }
    } else if (request.body !== undefined) {
      issues.push({ at: 'body', message: 'this operation takes no request body' });
    }
    return issues;
  }

  validateResponse(request: Pick<Xs2aRequest, 'method' | 'path'>, response: Xs2aResponse): Xs2aValidationIssue[] {
    const operation = this.findOperation(request.method, request.path);
    if (!operation) return [{ at: 'operation', message: `the document has no operation ${request.method.toUpperCase()} ${request.path}` }];
    const responsesPointer = pointerOf(['paths', operation.template, operation.method, 'responses']);
    const responses = this.at(responsesPointer);
    const key = String(response.status) in responses ? String(response.status) : 'default' in responses ? 'default' : undefined;
    if (!key) return [{ at: 'status', message: `${response.status} is not a response of ${operation.operationId}` }];
    const declared = this.resolve(responses[key] as OpenApiNode, `${responsesPointer}/${escapeSegment(key)}`);
    const issues: Xs2aValidationIssue[] = [];
    const headers = (declared.node.headers ?? {}) as OpenApiNode;
    for (const name of Object.keys(headers)) {
      const header = this.resolve(headers[name] as OpenApiNode, `${declared.pointer}/headers/${escapeSegment(name)}`);
      const value = headerValue(response.headers, name);
      const at = `header ${name}`;
      if (value === undefined) {
        if (header.node.required === true) issues.push({ at, message: 'is required' });
        continue;
      }
      if (header.node.schema) issues.push(...this.check(this.coercing, `${header.pointer}/schema`, value, at));
    }
    const content = declared.node.content as OpenApiNode | undefined;
    if (!content) {
      if (response.body !== undefined) issues.push({ at: 'body', message: `response ${key} of ${operation.operationId} has no body` });
      return issues;
    }
    if (response.body === undefined) return [...issues, { at: 'body', message: 'is required' }];
    const contentType = mediaType(headerValue(response.headers, 'content-type'));
    if (!contentType) return [...issues, { at: 'content-type', message: 'is required for a response with a body' }];
    const schemaPointer = this.contentSchema(declared, contentType);
    if (schemaPointer === null) issues.push({ at: 'content-type', message: `${contentType} is not a media type of response ${key} of ${operation.operationId}` });
    else if (schemaPointer) issues.push(...this.check(this.strict, schemaPointer, response.body, 'body'));
    return issues;
  }

  private parameters(template: string, method: string): Parameter[] {
    const collect = (base: string[]): Parameter[] => {
      const list = this.atOptional(pointerOf([...base, 'parameters'])) as unknown;
      if (!Array.isArray(list)) return [];
      return list.map((entry, i) => {
        const p = this.resolve(entry as OpenApiNode, pointerOf([...base, 'parameters', String(i)]));
        return {
          name: String(p.node.name),
          in: p.node.in as Parameter['in'],
          required: p.node.required === true,
          schemaPointer: p.node.schema ? `${p.pointer}/schema` : undefined,
        };
      });
    };
    const byKey = new Map<string, Parameter>();
    // Operation-level parameters override path-level ones of the same name and location.
    for (const p of [...collect(['paths', template]), ...collect(['paths', template, method])]) byKey.set(`${p.in}:${p.name.toLowerCase()}`, p);
    return [...byKey.values()];
  }

  /** The schema pointer for a media type; null when the media type is not declared; undefined when it has no schema. */
  private contentSchema(owner: Located, contentType: string): string | null | undefined {
    const content = (owner.node.content ?? {}) as OpenApiNode;
    const key = Object.keys(content).find((k) => k.toLowerCase() === contentType);
    if (!key) return null;
    const media = content[key] as OpenApiNode | null;
    return media?.schema ? `${owner.pointer}/content/${escapeSegment(key)}/schema` : undefined;
  }

  private check(ajv: Ajv04, pointer: string, value: unknown, at: string): Xs2aValidationIssue[] {
    const cacheKey = `${ajv === this.strict ? 's' : 'c'}${pointer}`;
    let validate = this.compiled.get(cacheKey);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${encodeFragment(pointer)}` });
      this.compiled.set(cacheKey, validate);
    }
    const ok = validate(value);
    if (ok) return [];
    return describe(validate.errors ?? [], at);
  }

  private resolve(node: OpenApiNode, pointer: string): Located {
    let current: Located = { node, pointer };
    for (let hops = 0; typeof current.node.$ref === 'string'; hops++) {
      if (hops > 20) throw new Error(`$ref cycle at ${pointer}`);
      const ref = current.node.$ref as string;
      if (!ref.startsWith('#')) throw new Error(`external $ref ${ref} at ${current.pointer} is not supported`);
      const target = ref.slice(1);
      current = { node: this.at(target), pointer: target };
    }
    return current;
  }

  private at(pointer: string): OpenApiNode {
    const node = this.atOptional(pointer);
    if (!node || typeof node !== 'object') throw new Error(`the XS2A document has nothing at ${pointer}`);
    return node as OpenApiNode;
  }

  private atOptional(pointer: string): unknown {
    let node: unknown = this.document;
    for (const raw of pointer.split('/').slice(1)) {
      const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (!node || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[segment];
    }
    return node;
  }
}

let shared: Xs2aValidator | undefined;

/** One validator per process: compiling the document's schemas is done once and cached. */
export function xs2aValidator(): Xs2aValidator {
  shared ??= new Xs2aValidator();
  return shared;
}

/** `issues` for an error message: the first `max`, and how many more there are. */
export function formatIssues(issues: readonly Xs2aValidationIssue[], max = 10): string {
  const shown = issues.slice(0, max).map((i) => `${i.at}: ${i.message}`);
  if (issues.length > max) shown.push(`and ${issues.length - max} more`);
  return shown.join('; ');
}

function newAjv(coerceTypes: boolean): Ajv04 {
  // strict: false because OpenAPI schema objects carry keywords JSON Schema does not know (example, xml, deprecated).
  const ajv = new Ajv04({ strict: false, allErrors: true, coerceTypes, validateSchema: false, logger: false });
  addFormats(ajv);
  // `url` is no JSON Schema format; ajv-formats' pattern for it wants a dotted host name and refuses
  // `https://localhost:8443/...`. The document means an absolute web address, which is what this checks.
  ajv.addFormat('url', { type: 'string', validate: isAbsoluteWebUrl });
  return ajv;
}

function isAbsoluteWebUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const protocol = new URL(text).protocol;
  return protocol === 'https:' || protocol === 'http:';
}

function describe(errors: readonly ErrorObject[], at: string): Xs2aValidationIssue[] {
  const seen = new Set<string>();
  const issues: Xs2aValidationIssue[] = [];
  for (const e of errors) {
    const where =
      e.keyword === 'required'
        ? `${at}${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`
        : e.keyword === 'additionalProperties'
          ? `${at}${e.instancePath}/${(e.params as { additionalProperty: string }).additionalProperty}`
          : `${at}${e.instancePath}`;
    const message =
      e.keyword === 'required'
        ? 'is required'
        : e.keyword === 'additionalProperties'
          ? 'is not allowed here'
          : e.keyword === 'enum'
            ? `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`
            : (e.message ?? e.keyword);
    const key = `${where}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ at: where, message });
  }
  return issues;
}

function headerValue(headers: Readonly<Record<string, string | readonly string[] | undefined>>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === lower) return firstValue(v);
  return undefined;
}

function firstValue(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.[0];
}

function mediaType(contentType: string | undefined): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

function pointerOf(segments: readonly string[]): string {
  return segments.map((s) => `/${escapeSegment(s)}`).join('');
}

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function encodeFragment(pointer: string): string {
  return pointer
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
