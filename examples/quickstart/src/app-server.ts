import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { webhookReceiver, type WebhookEvent, type WebhookEventOf, type WebhookEventType } from '@obp/client';

interface Waiter {
  matches(event: WebhookEvent): boolean;
  resolve(event: WebhookEvent): void;
}

/**
 * The app's side, on this machine: the page the bank sends the user back to (`/consent-done`) and
 * the webhook endpoint (`/webhooks`), which verifies every delivery's signature before it hands
 * the event on. Deliveries come at least once: an event is kept once per `webhook-id`.
 */
export class AppServer {
  private readonly events: WebhookEvent[] = [];
  private readonly seenIds = new Set<string>();
  private readonly waiters = new Set<Waiter>();
  private secret: string | null = null;
  private server: Server | null = null;

  /** Starts listening on a free port of 127.0.0.1; the base URL. */
  async start(): Promise<string> {
    const app = express();
    app.get('/consent-done', (_req, res) => {
      res.type('text/plain').send('Your bank account is connected. You can close this tab.');
    });
    app.post('/webhooks', (req, res, next) => {
      if (!this.secret) return void res.status(503).type('text/plain').send('not ready');
      return webhookReceiver({
        secret: this.secret,
        onEvent: (event, request) => this.received(event, String(request.headers['webhook-id'])),
      })(req, res, next);
    });
    this.server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The endpoint's signing secret, as `POST /webhooks` returned it. */
  useSecret(secret: string): void {
    this.secret = secret;
  }

  /** The first event of one of `types` for which `matches` holds, received before or after this call. */
  next<T extends WebhookEventType>(types: readonly T[], matches: (event: WebhookEventOf<T>) => boolean, timeoutMs = 60_000): Promise<WebhookEventOf<T>> {
    const isOfTypes = (event: WebhookEvent): event is WebhookEventOf<T> => (types as readonly string[]).includes(event.type);
    const isMatch = (event: WebhookEvent): event is WebhookEventOf<T> => isOfTypes(event) && matches(event);
    const earlier = this.events.find(isMatch);
    if (earlier) return Promise.resolve(earlier);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no ${types.join(' or ')} webhook within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const waiter: Waiter = {
        matches: isMatch,
        resolve: (event) => {
          clearTimeout(timer);
          if (isOfTypes(event)) resolve(event);
        },
      };
      this.waiters.add(waiter);
    });
  }

  /** How many verified deliveries came in. */
  get deliveries(): number {
    return this.events.length;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private received(event: WebhookEvent, webhookId: string): void {
    if (this.seenIds.has(webhookId)) return;
    this.seenIds.add(webhookId);
    this.events.push(event);
    for (const waiter of this.waiters) {
      if (!waiter.matches(event)) continue;
      this.waiters.delete(waiter);
      waiter.resolve(event);
    }
  }
}
