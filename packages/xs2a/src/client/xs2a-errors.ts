/** The bank answered with the standard's error shape (`tppMessages`), or with an error status and no such body. */
export class Xs2aBankError extends Error {
  constructor(
    readonly status: number,
    /** The `code` of each `tppMessages` entry of category ERROR (empty when the body gave none). */
    readonly codes: readonly string[],
    readonly operation: string,
    text: string,
  ) {
    super(`The bank answered ${status}${codes.length > 0 ? ` ${codes.join(', ')}` : ''} to ${operation}${text ? `: ${text}` : ''}`);
    this.name = 'Xs2aBankError';
  }

  has(code: string): boolean {
    return this.codes.includes(code);
  }
}

/** The bank's answer does not conform to the Berlin Group document (or is not JSON, or names a link off the bank). */
export class Xs2aInvalidAnswer extends Error {
  constructor(
    readonly operation: string,
    detail: string,
  ) {
    super(`The bank's answer to ${operation} does not conform to the NextGenPSD2 document: ${detail}`);
    this.name = 'Xs2aInvalidAnswer';
  }
}

/** The bank did not answer (connection refused, TLS handshake refused, timed out). */
export class Xs2aUnreachable extends Error {
  constructor(
    readonly operation: string,
    override readonly cause: Error,
  ) {
    super(`The bank did not answer ${operation}: ${cause.message}`);
    this.name = 'Xs2aUnreachable';
  }

  get timedOut(): boolean {
    return this.cause.name === 'TimeoutError';
  }
}
