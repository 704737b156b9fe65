import type { apiReferenceRoutes } from '@obp/contracts';
import { contentHash, type RouteHandler } from '@obp/http';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Scalar's standalone browser build: the renderer, Vue and its styles in one script. */
const SCALAR_BUNDLE = '@scalar/api-reference/browser/standalone.js';

export interface ApiReferenceOptions {
  /** The API's title, for the browser tab (the renderer shows it on the page from the document). */
  title: string;
  /** Where the browser fetches the OpenAPI document; same origin (the page's CSP allows no other). */
  documentUrl?: string;
}

export const API_REFERENCE_PATH = '/docs';
const ASSETS_PATH = `${API_REFERENCE_PATH}/assets`;
// Not 'api-reference': the bundle would mount itself there at load, with its defaults (fonts, agent…).
const MOUNT_ELEMENT_ID = 'api-reference-app';

/**
 * Scalar renders styles at run time (`<style>` elements and `style` attributes), hence 'unsafe-inline'
 * for styles only; scripts come from this origin alone, and nothing may be fetched from elsewhere.
 */
export const API_REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Scalar's settings: everything it would fetch from its own servers is off (fonts, telemetry, the
 * AI agent, the developer toolbar). Every tag and schema is shown expanded; responses show their status
 * and description and expand on a click (expanded, the shared problem schema repeats under every error).
 */
function scalarConfiguration(documentUrl: string) {
  return {
    url: documentUrl,
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    defaultOpenAllTags: true,
    expandAllModelSections: true,
    documentDownloadType: 'json',
  };
}

interface Asset {
  fileName: string;
  body: Buffer;
  etag: string;
  gzipped: () => Promise<Buffer>;
}

function asset(baseName: string, body: Buffer): Asset {
  const hash = contentHash(body);
  let gzipped: Promise<Buffer> | undefined;
  return {
    // The content hash in the name lets browsers keep the file for a year: a new version is a new URL.
    fileName: `${baseName}.${hash}.js`,
    body,
    etag: `"${hash}"`,
    gzipped: () => (gzipped ??= gzipAsync(body)),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function pageHtml(title: string, documentUrl: string, scripts: Asset[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
</head>
<body>
<noscript>This API reference needs JavaScript. The OpenAPI document is at <a href="${escapeHtml(documentUrl)}">${escapeHtml(documentUrl)}</a>.</noscript>
<div id="${MOUNT_ELEMENT_ID}"></div>
${scripts.map((script) => `<script src="${ASSETS_PATH}/${script.fileName}"></script>`).join('\n')}
</body>
</html>
`;
}

async function loadAssets(documentUrl: string) {
  const scalarBundle = asset('scalar-api-reference', await readFile(require.resolve(SCALAR_BUNDLE)));
  // A file rather than an inline script, so that the CSP needs no 'unsafe-inline' for scripts.
  const startScript = asset(
    'api-reference-start',
    Buffer.from(`Scalar.createApiReference(${JSON.stringify(`#${MOUNT_ELEMENT_ID}`)}, ${JSON.stringify(scalarConfiguration(documentUrl))});\n`),
  );
  return { scripts: [scalarBundle, startScript], byFileName: new Map([scalarBundle, startScript].map((a) => [a.fileName, a])) };
}

/** A script as the edge answers it: gzipped when the browser takes gzip, with an ETag and a year of caching. */
async function assetAnswer(script: Asset, acceptsGzip: boolean) {
  const headers = { 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff', Vary: 'Accept-Encoding' };
  const contentType = 'text/javascript; charset=utf-8';
  if (acceptsGzip) return { status: 200 as const, file: await script.gzipped(), contentType, headers: { ...headers, 'Content-Encoding': 'gzip', ETag: `${script.etag.slice(0, -1)}-gzip"` } };
  return { status: 200 as const, file: script.body, contentType, headers: { ...headers, ETag: script.etag } };
}

/** The page's headers: its CSP, and no caching without revalidation (asset names change with versions). */
const PAGE_HEADERS = {
  'Content-Security-Policy': API_REFERENCE_CSP,
  'Cache-Control': 'no-cache',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

export interface ApiReference {
  /** What GET /docs answers: the HTML page and its headers (the Content-Security-Policy among them). */
  page(): Promise<{ status: 200; html: string; headers: Record<string, string> }>;
  /** What GET /docs/assets/{fileName} answers: Scalar's browser bundle from its npm package, or the script that starts it. */
  asset(fileName: string, acceptsGzip: boolean): Promise<Awaited<ReturnType<typeof assetAnswer>> | { status: 404; problem: { detail: string } }>;
}

/** The API reference, rendered in the browser by Scalar from the OpenAPI document at `documentUrl`. */
export function createApiReference({ title, documentUrl = '/openapi.json' }: ApiReferenceOptions): ApiReference {
  // Resolved now so that a missing package fails the edge at start, not its first visitor.
  require.resolve(SCALAR_BUNDLE);
  let assets: ReturnType<typeof loadAssets> | undefined;
  const loadedAssets = () => (assets ??= loadAssets(documentUrl));
  return {
    page: async () => ({ status: 200, html: pageHtml(title, documentUrl, (await loadedAssets()).scripts), headers: { ...PAGE_HEADERS } }),
    asset: async (fileName, acceptsGzip) => {
      const script = (await loadedAssets()).byFileName.get(fileName);
      return script ? assetAnswer(script, acceptsGzip) : { status: 404, problem: { detail: `No script ${fileName}.` } };
    },
  };
}

/** The handlers of the API reference's routes. */
export function apiReferenceHandlers(apiReference: ApiReference): { [K in keyof typeof apiReferenceRoutes]: RouteHandler<(typeof apiReferenceRoutes)[K]> } {
  return {
    getApiReference: () => apiReference.page(),
    getApiReferenceAsset: ({ params, req }) => apiReference.asset(params.fileName, req.acceptsEncodings('gzip') === 'gzip'),
  };
}
