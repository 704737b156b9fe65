import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from './verify-webhook';

export interface WebhookReceiverOptions {
  /** The endpoint's signing secret (`whsec_...`), shown once when it was created or rotated. */
  secret: string;
  /** Handles a verified event; the delivery is answered 204 when it resolves, and retried by the platform when it throws. */
  onEvent(event: WebhookEvent, request: Request): void | Promise<void>;
  /** Bodies above this size are refused (413). */
  limitBytes?: number;
}

const DEFAULT_LIMIT_BYTES = 1024 * 1024;

/**
 * An express handler for a webhook endpoint. It reads the raw body itself, because a signature
 * verifies only against the bytes as sent: mount it on its route before (or instead of) a JSON
 * body parser, or after `express.raw()`. A delivery that does not verify is answered 400.
 */
export function webhookReceiver(options: WebhookReceiverOptions): RequestHandler {
  const limit = options.limitBytes ?? DEFAULT_LIMIT_BYTES;
  return async (req, res, next) => {
    let event: WebhookEvent;
    try {
      const body = await rawBody(req, limit);
      if (body === undefined) throw new Error('The webhook body was already parsed: mount webhookReceiver before express.json() on this route, or after express.raw()');
      if (body.length > limit) {
        res.status(413).type('text/plain').send('The body is too large');
        return;
      }
      event = verifyWebhook(options.secret, body, req.headers);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) return next(error);
      res.status(400).type('text/plain').send(`The webhook does not verify: ${error.message}`);
      return;
    }
    try {
      await options.onEvent(event, req);
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  };
}

/** The body as sent: express.raw()'s Buffer, or read from the stream; undefined once a parser consumed it. */
async function rawBody(req: Request, limit: number): Promise<Buffer | undefined> {
  if (Buffer.isBuffer(req.body)) return req.body;
  if (req.readableEnded) return undefined;
  return readStream(req, limit);
}

function readStream(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? Buffer.alloc(limit + 1) : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
