/**
 * The standard's error answers (Implementation Guidelines 1.3.x, section "Additional Error Information"): a JSON
 * body `{ tppMessages: [{ category: 'ERROR', code, path?, text }] }` with the HTTP status the Guidelines give for
 * the code. The kept OpenAPI document lists no codes (see openapi/NOTICE.md), so the codes this simulator answers
 * with are listed here, with their status.
 */
export const XS2A_ERROR_STATUS = {
  FORMAT_ERROR: 400,
  PARAMETER_NOT_SUPPORTED: 400,
  PERIOD_INVALID: 400,
  TIMESTAMP_INVALID: 400,
  CONSENT_UNKNOWN: 403,
  CONSENT_INVALID: 401,
  CONSENT_EXPIRED: 401,
  RESOURCE_UNKNOWN: 404,
  STATUS_INVALID: 409,
  ACCESS_EXCEEDED: 429,
  SERVICE_INVALID: 405,
  SIGNATURE_MISSING: 401,
  SIGNATURE_INVALID: 401,
  CERTIFICATE_INVALID: 401,
} as const;

export type Xs2aErrorCode = keyof typeof XS2A_ERROR_STATUS;

export interface TppMessage {
  category: 'ERROR' | 'WARNING';
  code: Xs2aErrorCode;
  path?: string;
  text: string;
}

/** Thrown by the simulator's handlers; the error middleware answers it in the standard's shape. */
export class Xs2aError extends Error {
  readonly status: number;

  constructor(
    readonly code: Xs2aErrorCode,
    text: string,
    readonly path?: string,
    status?: number,
  ) {
    super(text);
    this.status = status ?? XS2A_ERROR_STATUS[code];
  }

  body(): { tppMessages: TppMessage[] } {
    // tppMessageText is at most 500 characters.
    const text = this.message.length > 500 ? `${this.message.slice(0, 497)}...` : this.message;
    return { tppMessages: [{ category: 'ERROR', code: this.code, ...(this.path ? { path: this.path } : {}), text }] };
  }
}
