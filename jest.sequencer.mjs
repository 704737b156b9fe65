/**
 * Jest's order (the last run's failures first, then the longest by the timings it cached, else the largest files),
 * with the suites known to take minutes put first: on a fresh clone jest has no timings, and a long suite that
 * is small (the fuzzing, the fault injection, a file that gathers suites on one stack) would otherwise start last
 * and run alone at the end.
 */
import Sequencer from '@jest/test-sequencer';

const LONGEST_FIRST = [
  'e2e/src/fault-injection-scaled.test.ts',
  'e2e/src/api-fuzz.test.ts',
  'e2e/src/share-events.test.ts',
  'e2e/src/consents-and-shares.test.ts',
  'e2e/src/analysis-and-feedback.test.ts',
  'e2e/src/access-and-api-document.test.ts',
  'packages/bus/src/consumer.test.ts',
  'e2e/src/metrics.test.ts',
  'e2e/src/replicas.test.ts',
  'e2e/src/consent-fetch-resilience.test.ts',
];

const rank = (test) => {
  const index = LONGEST_FIRST.findIndex((suffix) => test.path.endsWith(suffix));
  return index < 0 ? LONGEST_FIRST.length : index;
};

export default class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
  }
}
