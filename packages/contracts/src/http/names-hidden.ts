import { IDEMPOTENCY_KEY_HEADER } from './idempotency';
import { problem, type ProblemResponse } from './route';

/**
 * The 422 of an idempotent create that may name other apps' data (issue 24): `errors` names each field
 * holding an id the service knows to be another app's and not shared with the caller. An id it does
 * not know yet is taken (a new consent's events may still be on the way). The same status answers an
 * Idempotency-Key reused with another request, whose `errors` names the header.
 */
export const namesHiddenProblem = (what: string, otherRule = ''): ProblemResponse =>
  problem(
    `${what} that another app owns and has not shared with this app (\`errors\` names each such field)${otherRule}, or the ${IDEMPOTENCY_KEY_HEADER} was used before, within 24 hours, with a different request (\`errors\` names the header).`,
  );
