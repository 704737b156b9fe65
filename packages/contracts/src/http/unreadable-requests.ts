/**
 * What the HTTP server answers a request it cannot read at all, before any route sees it (Node's parser
 * refused it): a problem body with a stable `code`. Every process's server answers these
 * (`answerClientErrors` in `packages/http`), so the API document lists them on every operation.
 */
export interface UnreadableRequestAnswer {
  status: number;
  code: string;
  detail: string;
}

export const UnreadableRequestAnswers = {
  // The request line counts too: an overlong URL lands here (llhttp has no error of its own for it).
  headerTooLarge: { status: 431, code: 'header_too_large', detail: 'The request line and headers are larger than the server reads (16 KB).' },
  chunkExtensionsTooLarge: { status: 413, code: 'chunk_extensions_too_large', detail: 'The chunk extensions of the body are too large.' },
  requestTimeout: { status: 408, code: 'request_timeout', detail: 'The request was not received in time.' },
  malformed: { status: 400, code: 'malformed_request', detail: 'The request is not valid HTTP/1.1 (its request line, a header or the body framing).' },
} as const satisfies Record<string, UnreadableRequestAnswer>;
