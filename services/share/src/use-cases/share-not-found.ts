import type { Request, Response } from 'express';
import type { Conflict, NotFound } from '@obp/core';
import { sendProblem } from '@obp/http';

/**
 * Spec 4.1 rule 4: a 404 body is a plain string. A client that asks for JSON gets it as a JSON
 * string (what ASP.NET returns for `NotFound(string)` then); any other gets text/plain.
 */
export function sendShareNotFound(req: Request, res: Response, shareId: string): void {
  const message = `Share ${shareId} was not found.`;
  const wantsJson = req.accepts(['text/plain', 'application/json']) === 'application/json' && /json/i.test(req.get('accept') ?? '');
  if (wantsJson) res.status(404).json(message);
  else res.status(404).type('text/plain').send(message);
}

/** The answer to a share command that failed: 404 as above, or 409 after repeated write conflicts. */
export function sendShareCommandFailure(req: Request, res: Response, shareId: string, error: NotFound | Conflict): void {
  if (error.code === 'NOT_FOUND') return sendShareNotFound(req, res, shareId);
  sendProblem(res, 409, { title: 'Conflict', detail: error.message });
}
