/**
 * `npm run test:faults-scaled`: the fault test scaled out (three brokers, two instances of each service), on the same
 * global setup as `npm test`, which leaves it out while it fails on the open bugs it found (docs/decisions.md).
 */
import base from './jest.config.js';

export default { ...base, testMatch: ['<rootDir>/e2e/src/fault-injection-scaled.test.ts'], testPathIgnorePatterns: ['/node_modules/'] };
