import { trace } from '@opentelemetry/api';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { buildOpenApiDocument, defineRoutes, fileBody, z } from '@obp/contracts';
import { createLogger } from '@obp/telemetry';
import { createHttpApp, finishHttpApp } from '../app';
import { bindRoutes } from './route-handler';
import { mountRoutes } from './mount-routes';

const routes = defineRoutes(
  { service: 'test', tags: ['Test'] },
  {
    echoNote: {
      method: 'post',
      path: '/notes',
      auth: 'public',
      summary: 'Echo a note',
      body: { schema: z.object({ text: z.string() }) },
      responses: { 200: { kind: 'json', description: 'The note and the active span.', schema: z.object({ text: z.string(), traceId: z.string().nullable() }) } },
    },
    fileNote: {
      method: 'post',
      path: '/folders/{folder}/notes',
      auth: 'public',
      summary: 'File a note',
      params: { folder: z.string() },
      query: { tag: z.string().optional() },
      body: { schema: z.object({ text: z.string(), labels: z.array(z.string()).optional() }) },
      responses: { 200: { kind: 'json', description: 'What was filed.', schema: z.object({ folder: z.string(), tag: z.string().nullable(), text: z.string() }) } },
    },
    formNote: {
      method: 'post',
      path: '/form-notes',
      auth: 'public',
      summary: 'A note from a form',
      body: { schema: z.object({ text: z.string() }), encoding: 'form' },
      responses: { 200: { kind: 'json', description: 'The note.', schema: z.object({ text: z.string() }) } },
    },
    pinNote: {
      method: 'put',
      path: '/pinned-note',
      auth: 'public',
      summary: 'Pin a note; without a body, the default one',
      body: { schema: z.object({ text: z.string().default('default') }), required: false },
      responses: { 200: { kind: 'json', description: 'The pinned note.', schema: z.object({ text: z.string() }) } },
    },
    uploadNote: {
      method: 'post',
      path: '/note-files',
      auth: 'public',
      summary: 'A note as a file',
      body: { schema: fileBody('The note file.'), encoding: 'raw', mediaTypes: ['text/plain', 'application/xml'], limit: '1kb' },
      responses: { 200: { kind: 'json', description: 'Its size and bytes.', schema: z.object({ size: z.number(), hex: z.string() }) } },
    },
    tagNote: {
      method: 'post',
      path: '/tagged-notes',
      auth: 'public',
      summary: 'Echo the tag header',
      headers: { 'X-Note-Tag': z.string().max(5).optional() },
      responses: { 200: { kind: 'json', description: 'The tag.', schema: z.object({ tag: z.string().nullable() }) } },
    },
  },
);

function appAnsweringWithTheActiveSpan() {
  const app = createHttpApp({ serviceName: 'test' });
  mountRoutes(
    app,
    bindRoutes(routes, {
      echoNote: ({ body }) => ({ status: 200, body: { text: body.text, traceId: trace.getActiveSpan()?.spanContext().traceId ?? null } }),
      fileNote: ({ params, query, body }) => ({ status: 200, body: { folder: params.folder, tag: query.tag ?? null, text: body.text } }),
      formNote: ({ body }) => ({ status: 200, body: { text: body.text } }),
      pinNote: ({ body }) => ({ status: 200, body: { text: body.text } }),
      tagNote: ({ headers }) => ({ status: 200, body: { tag: headers['X-Note-Tag'] ?? null } }),
      uploadNote: ({ body }) => ({ status: 200, body: { size: body.length, hex: body.toString('hex') } }),
    }),
    () => [],
  );
  finishHttpApp(app, createLogger('test', 'silent'));
  return app;
}

/** POSTs `body` in two writes a moment apart, so the body parser finishes on a later socket event than the one that routed the request. */
async function postInTwoParts(server: Server, path: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: unknown }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const sent = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    sent.on('error', reject);
    sent.write(body.slice(0, 10));
    setTimeout(() => sent.end(body.slice(10)), 100);
  });
}

describe('mountRoutes', () => {
  let server: Server;
  beforeAll(async () => {
    server = http.createServer(appAnsweringWithTheActiveSpan());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("runs a handler after its body was parsed inside the request's trace (the caller's traceparent)", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const answer = await postInTwoParts(server, '/notes', { traceparent: `00-${traceId}-00f067aa0ba902b7-01` }, JSON.stringify({ text: 'a note' }));
    expect(answer).toEqual({ status: 200, body: { text: 'a note', traceId } });
  });

  it('hands the handler the headers its contract declares, matched case-insensitively, and names an invalid one in a 400', async () => {
    const { port } = server.address() as AddressInfo;
    const post = (headers: Record<string, string>) => fetch(`http://127.0.0.1:${port}/tagged-notes`, { method: 'POST', headers });
    expect(await (await post({ 'x-note-tag': 'blue' })).json()).toEqual({ tag: 'blue' });
    expect(await (await post({})).json()).toEqual({ tag: null });
    const invalid = await post({ 'X-Note-Tag': 'far too long' });
    expect(invalid.status).toBe(400);
    expect(Object.keys(((await invalid.json()) as { errors: Record<string, string[]> }).errors)).toEqual(['X-Note-Tag']);
  });

  it('takes an optional body left out as an empty object, and validates one that was sent, JSON null included', async () => {
    const { port } = server.address() as AddressInfo;
    const put = async (body?: string) => {
      const res = await fetch(`http://127.0.0.1:${port}/pinned-note`, { method: 'PUT', ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body }) });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    expect(await put()).toEqual({ status: 200, body: { text: 'default' } });
    expect(await put('{"text":"mine"}')).toEqual({ status: 200, body: { text: 'mine' } });
    expect(await put('null')).toMatchObject({ status: 400, body: { errors: { $: [expect.any(String)] } } });
    expect(await put('"text"')).toMatchObject({ status: 400, body: { errors: { $: [expect.any(String)] } } });
  });

  describe('input no field may hold', () => {
    const file = async (path: string, body: string | Buffer, contentType = 'application/json') => {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
      return { status: res.status, body: (await res.json()) as { errors?: Record<string, string[]>; detail?: string; text?: string } };
    };

    it('takes a clean request', async () => {
      expect(await file('/folders/inbox/notes?tag=blue', JSON.stringify({ text: 'héllo €', labels: ['a'] }))).toEqual({ status: 200, body: { folder: 'inbox', tag: 'blue', text: 'héllo €' } });
    });

    it('refuses the NUL character in the body (values and keys, however deep), a query parameter and a path parameter, naming each field', async () => {
      const nested = await file('/folders/inbox/notes', JSON.stringify({ text: 'a\u0000b', labels: ['ok', 'x\u0000'] }));
      expect(nested.status).toBe(400);
      expect(Object.keys(nested.body.errors!).sort()).toEqual(['labels[1]', 'text']);
      expect(nested.body.errors!.text).toEqual(['The text field must not contain the NUL character.']);
      const key = await file('/folders/inbox/notes', JSON.stringify({ text: 'a', 'la\u0000bels': [] }));
      expect(key.status).toBe(400);
      expect(Object.keys(key.body.errors!)).toEqual(['la\u0000bels']);
      const query = await file('/folders/inbox/notes?tag=a%00b', JSON.stringify({ text: 'a' }));
      expect({ status: query.status, fields: Object.keys(query.body.errors ?? {}) }).toEqual({ status: 400, fields: ['tag'] });
      const path = await file('/folders/in%00box/notes', JSON.stringify({ text: 'a' }));
      expect({ status: path.status, fields: Object.keys(path.body.errors ?? {}) }).toEqual({ status: 400, fields: ['folder'] });
    });

    it('does the same for a form body, whose escapes must decode as UTF-8', async () => {
      const form = (body: string) => file('/form-notes', body, 'application/x-www-form-urlencoded');
      expect(await form('text=caf%C3%A9')).toEqual({ status: 200, body: { text: 'café' } });
      const nul = await form('text=a%00b');
      expect({ status: nul.status, fields: Object.keys(nul.body.errors ?? {}) }).toEqual({ status: 400, fields: ['text'] });
      const latin1 = await form('text=caf%E9');
      expect({ status: latin1.status, errors: latin1.body.errors }).toEqual({ status: 400, errors: { $: ['The request body is not valid UTF-8 once percent-decoded.'] } });
    });

    it('answers a deeply nested body with a 400, not a crash, and leaves undeclared or malformed query escapes alone as before', async () => {
      const deep = `{"text":"a","labels":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
      expect((await file('/folders/inbox/notes', deep)).status).toBe(400);
      const deepNul = `{"text":"a","labels":${'['.repeat(20_000)}"\u0000"${']'.repeat(20_000)}}`;
      expect((await file('/folders/inbox/notes', deepNul)).status).toBe(400);
      expect((await file('/folders/inbox/notes?utm=50%&ref=%E9', JSON.stringify({ text: 'a' }))).status).toBe(200);
      expect(await file('/folders/inbox/notes?tag=50%', JSON.stringify({ text: 'a' }))).toEqual({ status: 200, body: { folder: 'inbox', tag: '50%', text: 'a' } });
      const declaredInAnotherCase = await file('/folders/inbox/notes?TAG=%E9', JSON.stringify({ text: 'a' }));
      expect({ status: declaredInAnotherCase.status, fields: Object.keys(declaredInAnotherCase.body.errors ?? {}) }).toEqual({ status: 400, fields: ['tag'] });
    });

    it('refuses a body or a query string that is not UTF-8 (400) and a body in another charset (415)', async () => {
      const latin1 = Buffer.concat([Buffer.from('{"text":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
      const notUtf8 = await file('/folders/inbox/notes', latin1);
      expect({ status: notUtf8.status, errors: notUtf8.body.errors }).toEqual({ status: 400, errors: { $: ['The request body is not valid UTF-8.'] } });
      const query = await file('/folders/inbox/notes?tag=caf%E9', JSON.stringify({ text: 'a' }));
      expect({ status: query.status, fields: Object.keys(query.body.errors ?? {}) }).toEqual({ status: 400, fields: ['tag'] });
      const declared = await file('/folders/inbox/notes', latin1, 'application/json; charset=iso-8859-1');
      expect(declared.status).toBe(415);
      expect(declared.body.detail).toBe("The request body must be UTF-8; charset 'iso-8859-1' is not supported.");
      expect((await file('/folders/inbox/notes', JSON.stringify({ text: 'a' }), 'application/json; charset=UTF-8')).status).toBe(200);
    });
  });

  it('hands a raw file over as its bytes, in any charset, inflating a gzip encoding up to the limit; 415 for another media type, 413 past the limit, 400 when empty', async () => {
    const { port } = server.address() as AddressInfo;
    const post = async (body: Buffer, headers: Record<string, string>) => {
      const res = await fetch(`http://127.0.0.1:${port}/note-files`, { method: 'POST', headers, body });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const latin1 = Buffer.from('caf\xe9\n', 'latin1');
    expect(await post(latin1, { 'content-type': 'text/plain; charset=iso-8859-1' })).toEqual({ status: 200, body: { size: 5, hex: latin1.toString('hex') } });
    expect(await post(Buffer.from('<a/>'), { 'content-type': 'application/xml' })).toEqual({ status: 200, body: { size: 4, hex: Buffer.from('<a/>').toString('hex') } });
    expect(await post(gzipSync(latin1), { 'content-type': 'text/plain', 'content-encoding': 'gzip' })).toEqual({ status: 200, body: { size: 5, hex: latin1.toString('hex') } });
    expect(await post(Buffer.from('a,b'), { 'content-type': 'text/csv' })).toMatchObject({ status: 415, body: { detail: expect.stringContaining('text/plain, application/xml') } });
    expect(await post(Buffer.alloc(2048, 'x'), { 'content-type': 'text/plain' })).toMatchObject({ status: 413 });
    // 10 MB of zeros compress to about 10 KB: inflated, they stop at the limit.
    expect(await post(gzipSync(Buffer.alloc(10 * 1024 * 1024)), { 'content-type': 'text/plain', 'content-encoding': 'gzip' })).toMatchObject({ status: 413 });
    expect(await post(Buffer.alloc(0), { 'content-type': 'text/plain' })).toMatchObject({ status: 400, body: { errors: { $: ['The body must be a file, and not empty.'] } } });
  });

  it('declares a raw body as a string of at least one character in each of its media types', () => {
    const document = buildOpenApiDocument({ title: 't', version: '1', description: 'd', serverUrl: 'http://localhost', tags: [], securitySchemes: {} }, Object.values(routes));
    const operation = document.paths['/note-files'] as { post: { requestBody: unknown; responses: Record<string, { description: string }> } };
    const file = { schema: { type: 'string', minLength: 1, description: 'The note file.' } };
    expect(operation.post.requestBody).toEqual({ required: true, content: { 'text/plain': file, 'application/xml': file } });
    expect(operation.post.responses['415']!.description).toBe('The body is not one of text/plain, application/xml.');
  });

  it('declares the headers as header parameters in the OpenAPI document', () => {
    const document = buildOpenApiDocument({ title: 't', version: '1', description: 'd', serverUrl: 'http://localhost', tags: [], securitySchemes: {} }, Object.values(routes));
    const operation = document.paths['/tagged-notes'] as { post: { parameters?: unknown[] } };
    expect(operation.post.parameters).toEqual([expect.objectContaining({ name: 'X-Note-Tag', in: 'header', required: false })]);
  });
});
