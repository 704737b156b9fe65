import type { StatementProblem } from './statement';

/**
 * Problems reported per file: enough to fix a file, never a flood. Without a bound a hostile 20 MB file of broken
 * lines gives millions of problems (a gigabyte of JSON), more than memory holds or an import's record can store.
 */
export const MAX_PROBLEMS = 50;

export const TOO_MANY_PROBLEMS: StatementProblem = { location: 'file', message: `More than ${MAX_PROBLEMS} problems; reading stopped.` };

/** Past the bound: a reader stops reading. */
export const tooMany = (problems: readonly StatementProblem[]): boolean => problems.length > MAX_PROBLEMS;

/** The first MAX_PROBLEMS problems, and a last one saying reading stopped when there were more. */
export function capped(problems: StatementProblem[]): StatementProblem[] {
  return problems.length > MAX_PROBLEMS ? [...problems.slice(0, MAX_PROBLEMS), TOO_MANY_PROBLEMS] : problems;
}
