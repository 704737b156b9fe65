import type { components } from './generated/api';

export type ProblemDetails = components['schemas']['ProblemDetails'];

/** An answer outside 2xx: its status, its body (a problem, an OAuth error, or the share's plain-string 404) and the trace to quote. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The RFC 9457 problem body, when the answer is one. */
  readonly problem: ProblemDetails | undefined;
  /** The trace of the failed request (from the problem body): what to quote when asking the operator. */
  readonly traceId: string | null;

  constructor(
    readonly method: string,
    readonly url: string,
    readonly status: number,
    /** The parsed JSON body, or the text when it is not JSON. */
    readonly body: unknown,
  ) {
    const problem = isProblem(body) ? body : undefined;
    const summary = problem ? [problem.title, problem.detail].filter(Boolean).join(': ') : typeof body === 'string' ? body : JSON.stringify(body);
    super(`${method} ${url} answered ${status}${summary ? `: ${summary}` : ''}${problem?.traceId ? ` (trace ${problem.traceId})` : ''}`);
    this.problem = problem;
    this.traceId = problem?.traceId ?? null;
  }
}

function isProblem(body: unknown): body is ProblemDetails {
  return typeof body === 'object' && body !== null && 'status' in body && typeof body.status === 'number' && 'title' in body && 'traceId' in body;
}

/** The body of an answer: JSON when it parses, else its text. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
