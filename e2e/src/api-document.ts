import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from '@obp/contracts';

type Operation = { operationId: string; 'x-service'?: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type ApiDocument = ReturnType<typeof openApiDocument> & { paths: Record<string, Record<string, Operation>> };

const DOC_ID = 'https://open-banking.test/openapi.json';

/**
 * Checks answers against the OpenAPI document the edge serves: the status must be one the
 * operation documents, and a JSON body must match the schema documented for that status.
 */
export class ApiDocumentChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: Array<{ pattern: RegExp; path: string }>;

  constructor(readonly document: ApiDocument) {
    addFormats(this.ajv);
    this.ajv.addFormat('int32', true);
    this.ajv.addSchema({ ...document, $id: DOC_ID });
    this.routes = Object.keys(document.paths)
      .map((path) => ({ path, pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`) }))
      // Literal segments win over parameters: /consents/{id}/sequencing before /consents/{id}.
      .sort((a, b) => b.path.split('/').length - a.path.split('/').length || a.path.split('{').length - b.path.split('{').length);
  }

  /** The documented path of a concrete request path. */
  pathOf(requestPath: string): string | undefined {
    const bare = requestPath.split('?')[0]!;
    return this.routes.find((r) => r.pattern.test(bare))?.path;
  }

  /** Throws when the answer is not what the document says `method requestPath` answers. */
  async check(method: string, requestPath: string, res: Response): Promise<void> {
    const path = this.pathOf(requestPath);
    if (!path) throw new Error(`${method} ${requestPath}: the path is not in the API document`);
    const operations = this.document.paths[path] ?? {};
    let documentedMethod = method.toLowerCase();
    if (!operations[documentedMethod]) {
      // Another method on a documented path: every operation of the path documents that 405.
      if (res.status !== 405) throw new Error(`${method} ${path}: the operation is not in the API document`);
      documentedMethod = Object.keys(operations)[0]!;
    }
    const operation = operations[documentedMethod]!;
    const documented = operation.responses[String(res.status)];
    if (!documented) throw new Error(`${method} ${path} answered ${res.status}, which its documentation does not list (${Object.keys(operation.responses).join(', ')})`);
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const text = await res.clone().text();
    if (!documented.content) {
      if (text !== '') throw new Error(`${method} ${path} ${res.status}: a body where the document says none`);
      return;
    }
    const media = documented.content[contentType];
    if (!media) throw new Error(`${method} ${path} ${res.status}: content type '${contentType}' is not documented (${Object.keys(documented.content).join(', ')})`);
    if (!contentType.endsWith('json')) return;
    const pointer = ['paths', path, documentedMethod, 'responses', String(res.status), 'content', contentType, 'schema'].map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    const ref = `${DOC_ID}#/${pointer}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    if (!validate(JSON.parse(text))) {
      throw new Error(`${method} ${path} ${res.status}: the body does not match its documented schema: ${this.ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`);
    }
  }
}
