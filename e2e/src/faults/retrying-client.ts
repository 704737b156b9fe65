import { randomUUID } from 'node:crypto';

/** What the clients saw, for the printed figures. */
export interface ClientFigures {
  /** Logical operations (a create, an update, an approval), each counted once however often it was tried. */
  operations: number;
  /** Extra attempts after an attempt that failed. */
  retries: number;
  /** Attempts answered 5xx (502/503 while a service, Kafka or the store was down). */
  serverErrors: number;
  /** Attempts that got no answer at all (connection refused or reset). */
  networkErrors: number;
  /** Attempts answered 429 or another 4xx that the client could retry (e.g. 409 while a consent updates). */
  cleanFailures: number;
  /**
   * Attempts an edge refused (down or restarting) that the next edge took at once, as a load balancer in front of
   * the edges passes a refused connection on: no error the client sees, so not in `networkErrors` or `errorTimes`.
   */
  failovers: number;
  /** When each 5xx or unanswered attempt ended (ms since the epoch): which fault it met, and how long after it clients still saw errors. */
  errorTimes: number[];
}

export const newFigures = (): ClientFigures => ({ operations: 0, retries: 0, serverErrors: 0, networkErrors: 0, cleanFailures: 0, failovers: 0, errorTimes: [] });

export interface CallOptions {
  json?: unknown;
  form?: URLSearchParams;
  /** Sent unchanged with every attempt of this operation. */
  idempotencyKey?: string;
  /** The answers that end the operation; others are retried until the deadline. */
  done: (status: number) => boolean;
  /** 4xx answers worth another attempt (the resource is busy), counted as clean failures. */
  retryOn?: number[];
  redirect?: 'follow' | 'manual';
  deadlineMs?: number;
  /** The edge (its index) the first attempt goes to; by default the edges take the operations in turn. */
  edge?: number;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** How many attempts the operation took. */
  attempts: number;
  /** The edge (its index) that gave this answer. */
  edge: number;
}

/**
 * An app's client as a careful integrator writes one: every operation is retried on no answer,
 * 5xx and 429 (honouring Retry-After), with the same Idempotency-Key on every attempt, until it gets
 * an answer it expects or a deadline passes. With several edges, as behind a load balancer: the operations
 * take them in turn, a refused connection goes to the next edge at once (nothing was sent), and each retry goes
 * to the next edge, so an edge that does not answer is failed over.
 * An absolute URL on one of the edges (a consent page) goes to the edge of the attempt.
 */
export class RetryingClient {
  private readonly edges: readonly string[];
  private nextEdge = 0;

  constructor(
    edges: string | readonly string[],
    private readonly token: () => string,
    private readonly figures: ClientFigures,
  ) {
    this.edges = typeof edges === 'string' ? [edges] : edges;
  }

  static newKey(): string {
    return randomUUID();
  }

  async call(method: string, path: string, options: CallOptions): Promise<Answer> {
    this.figures.operations++;
    const deadline = Date.now() + (options.deadlineMs ?? 180_000);
    const firstEdge = options.edge ?? this.nextEdge++;
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1) this.figures.retries++;
      let edge = (firstEdge + attempt - 1) % this.edges.length;
      let waitMs = Math.min(2_000, 100 * 2 ** Math.min(attempt, 5));
      try {
        const headers: Record<string, string> = { authorization: `Bearer ${this.token()}` };
        if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
        let body: string | URLSearchParams | undefined;
        if (options.json !== undefined) {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(options.json);
        } else if (options.form) body = options.form;
        const send = () => fetch(this.onEdge(path, edge), { method, headers, body, redirect: options.redirect ?? 'follow', signal: AbortSignal.timeout(30_000) });
        const res = await send().catch((error: unknown) => {
          if (this.edges.length === 1 || (error as { cause?: { code?: string } }).cause?.code !== 'ECONNREFUSED') throw error;
          this.figures.failovers++;
          edge = (edge + 1) % this.edges.length;
          return send();
        });
        const text = await res.text();
        if (options.done(res.status)) return { status: res.status, headers: res.headers, text, attempts: attempt, edge };
        if (res.status >= 500) {
          this.figures.serverErrors++;
          this.figures.errorTimes.push(Date.now());
        }
        else if (res.status === 429 || options.retryOn?.includes(res.status)) this.figures.cleanFailures++;
        else throw new UnexpectedAnswer(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
        const retryAfter = Number(res.headers.get('retry-after'));
        if (Number.isFinite(retryAfter) && retryAfter > 0) waitMs = Math.min(retryAfter * 1000, 5_000);
      } catch (error) {
        if (error instanceof UnexpectedAnswer) throw error;
        this.figures.networkErrors++;
        this.figures.errorTimes.push(Date.now());
      }
      if (Date.now() + waitMs > deadline) throw new Error(`${method} ${path}: no answer it expects within the deadline, after ${attempt} attempts`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  private onEdge(path: string, edge: number): string {
    if (!path.startsWith('http')) return `${this.edges[edge]!}${path}`;
    const on = this.edges.find((base) => path.startsWith(base) && /^(?:[/?#]|$)/.test(path.slice(base.length)));
    return on === undefined ? path : `${this.edges[edge]!}${path.slice(on.length)}`;
  }
}

/** An answer no retry can change (a 400, an unexpected 404): the workload stops on it. */
export class UnexpectedAnswer extends Error {}
