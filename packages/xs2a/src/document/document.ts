import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The Berlin Group NextGenPSD2 XS2A OpenAPI document kept unchanged in `packages/xs2a/openapi` (see its NOTICE.md). */
export const XS2A_DOCUMENT_FILE = join(__dirname, '..', '..', 'openapi', 'psd2-api_v1.3.11-2021-10-01v1.yaml');

export type OpenApiNode = { [key: string]: unknown };

let loaded: OpenApiNode | undefined;

/** The parsed document, read once per process. Callers must not change it. */
export function xs2aDocument(): OpenApiNode {
  loaded ??= parse(readFileSync(XS2A_DOCUMENT_FILE, 'utf8'), { maxAliasCount: -1 }) as OpenApiNode;
  return loaded;
}
