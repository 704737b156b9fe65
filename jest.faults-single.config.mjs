/**
 * `npm run test:faults-single`: the single-instance fault test (one broker; each service killed with no second
 * instance; all of Kafka and the store killed), on the same global setup as `npm test`, which runs the scaled-out one.
 */
import base from './jest.config.js';

export default { ...base, testMatch: ['<rootDir>/e2e/src/fault-injection.test.ts'], testPathIgnorePatterns: ['/node_modules/'] };
