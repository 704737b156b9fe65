import type { Response } from 'express';
import { sendProblem, sendValidationProblem } from '@obp/http';

/** Consent operations add `detail` to their 400 problem bodies (spec section 7). */
export const sendConsentValidationProblem = (res: Response, errors: Record<string, string[]>): void =>
  sendValidationProblem(res, errors, `The request is not valid: ${Object.keys(errors).join(', ')}.`);

/** Unknown, erased, or neither owned nor shared with the caller: 404, never revealing which. */
export const sendConsentNotFound = (res: Response): void => sendProblem(res, 404, { detail: 'The consent does not exist or is not accessible to this app.' });

export const sendAccountNotFound = (res: Response): void => sendProblem(res, 404, { detail: 'The account does not exist or is not accessible to this app.' });
