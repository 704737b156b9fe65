import type { ExceptionBase } from '@obp/core';

/** The answers every endpoint route shares: not found (also another app's endpoint) and disabled. */
export function failureAnswer(error: ExceptionBase): { status: 404; problem: { detail: string } } | { status: 409; problem: { detail: string } } {
  return error.code === 'ENDPOINT_DISABLED' ? { status: 409, problem: { detail: error.message } } : { status: 404, problem: { detail: error.message } };
}

export const notFoundAnswer = (error: ExceptionBase) => ({ status: 404 as const, problem: { detail: error.message } });
