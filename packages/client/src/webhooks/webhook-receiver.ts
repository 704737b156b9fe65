import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { UnknownWebhookEventError, verifyWebhook, WebhookVerificationError, type WebhookEvent } from './verify-webhook';

export interface WebhookReceiverOptions {
  /** The endpoint's signing secret (`whsec_...`), shown once when it was created or rotated. */
  secret: string;
  /** Handles a verified event; the delivery is answered 204 when it resolves, and retried by the platform when it throws. */
  onEvent(event: WebhookEvent, request: Request): void | Promise<void>;
  /**
   * A verified event of a type this client does not know yet (regenerate the client to read it):
   * answered 204 like any other, after this resolves; not given, it is acknowledged and dropped.
   */
  onUnknownEvent?(event: UnknownWebhookEventError['event'], request: Request): void | Promise<void>;
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
      if (body === TOO_LARGE) {
        // Nothing more of it is read: the connection closes after the answer.
        res.status(413).set('Connection', 'close').type('text/plain').send('The body is too large');
        res.on('finish', () => req.destroy());
        return;
      }
      event = verifyWebhook(options.secret, body, req.headers);
    } catch (error) {
      if (error instanceof UnknownWebhookEventError) return acknowledgeUnknown(error, req, res, next);
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

  async function acknowledgeUnknown(error: UnknownWebhookEventError, req: Request, res: Response, next: NextFunction): Promise<void> {
    try {
      await options.onUnknownEvent?.(error.event, req);
      res.status(204).end();
    } catch (failure) {
      next(failure);
    }
  }
}

const TOO_LARGE = Symbol('too large');

/** The body as sent: express.raw()'s Buffer, or read from the stream; undefined once a parser consumed it. */
async function rawBody(req: Request, limit: number): Promise<Buffer | typeof TOO_LARGE | undefined> {
  if (Buffer.isBuffer(req.body)) return req.body.length > limit ? TOO_LARGE : req.body;
  if (req.readableEnded) return undefined;
  return readStream(req, limit);
}

/** Reads the body up to `limit` bytes; past it, stops reading at once. */
function readStream(req: IncomingMessage, limit: number): Promise<Buffer | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.pause();
      resolve(TOO_LARGE);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
