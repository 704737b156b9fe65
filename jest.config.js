/** One jest run for the whole workspace: one real Kafka and FerretDB for all suites. */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] },
  testMatch: ['<rootDir>/{packages,services,e2e}/*/{src,test}/**/*.test.ts', '<rootDir>/e2e/src/**/*.test.ts'],
  testSequencer: '<rootDir>/jest.sequencer.mjs',
  // One fault test here, the scaled-out one (a Kafka cluster, two instances of every service); the single-instance
  // one (all of Kafka killed, a service with no second instance) runs on its own, `npm run test:faults-single`, as the
  // two together would take the CI run past its time (docs/decisions.md, "(issue 29) The fault test scaled out").
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/e2e/src/fault-injection.test.ts'],
  globalSetup: '<rootDir>/packages/testkit/src/global-setup.ts',
  globalTeardown: '<rootDir>/packages/testkit/src/global-teardown.ts',
  testTimeout: 60_000,
  // Three suites at once on two cores: most of a suite's time is spent waiting (on Kafka, the store, timers), not
  // computing; a suite used well under half a core on average when measured (docs/decisions.md, "Test time").
  maxWorkers: 3,
  // Caches, benchmark worktrees and copies of packages (a baseline to compare with) are no modules of this workspace.
  modulePathIgnorePatterns: ['<rootDir>/.cache/', '<rootDir>/dist/'],
  setupFiles: ['<rootDir>/jest.setup-env.js', '<rootDir>/jest.setup-telemetry.ts'],
};
