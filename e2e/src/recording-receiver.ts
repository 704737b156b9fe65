import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, type WebhookEvent } from '@obp/client';

/** One request a receiver got. */
export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver of webhooks that records every request and answers 204 (or what `answerOn` set for its path). */
export class RecordingReceiver {
  readonly received: ReceivedRequest[] = [];
  private readonly statuses = new Map<string, number>();
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(this.statuses.get(path) ?? 204).end();
    });
  });

  /** Requests on `path` are answered with `status` from now on. */
  answerOn(path: string, status: number): void {
    this.statuses.set(path, status);
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  on(path: string): ReceivedRequest[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The message's event once the client's verifyWebhook verified its Standard Webhooks signature with `secret` (throws when it does not verify). */
export function verifiedMessage(request: ReceivedRequest, secret: string): WebhookEvent {
  return verifyWebhook(secret, request.body, request.headers);
}
