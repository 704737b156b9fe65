/**
 * Building blocks for use cases: expected failures are returned as values (`Result`), unexpected
 * ones are thrown. Every expected failure is an `ExceptionBase` with a stable `code`.
 */
export abstract class ExceptionBase extends Error {
  abstract readonly code: string;
  constructor(message: string, readonly metadata?: Record<string, unknown>) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input failed validation; `errors` maps a property name to its messages (spec section 7). */
export class ValidationFailed extends ExceptionBase {
  readonly code = 'VALIDATION_FAILED';
  constructor(readonly errors: Record<string, string[]>, message = 'One or more validation errors occurred.') {
    super(message);
  }
}

export class NotFound extends ExceptionBase {
  readonly code = 'NOT_FOUND';
}

export class Conflict extends ExceptionBase {
  readonly code = 'CONFLICT';
}

export type Result<T, E extends ExceptionBase = ExceptionBase> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E extends ExceptionBase>(error: E): Result<never, E> => ({ ok: false, error });

export { uuidv7, uuidv7Time } from './uuid-v7';
