import type { Request, Response } from 'express';

/** The route template a request matched (`/shares/:shareId`); undefined when no route served it (a 404). */
export function matchedRoute(req: Request, res: Response): string | undefined {
  return (res.locals.routeTemplate as string | undefined) ?? (req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : undefined);
}
