import type { Request, Response } from 'express';

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
