import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export default [
  { ignores: ['**/node_modules/**', '**/dist/**', '.cache/**', '.nx/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      // A service never imports another service; packages never import services; test kits stay out of production code.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:package', 'type:testing'] },
            { sourceTag: 'type:package', onlyDependOnLibsWithTags: ['type:package'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:package', 'type:testing'] },
            // End-to-end tests compose several services in one process, as a deployment does.
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:service', 'type:package', 'type:testing'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/services/*', '../../services/**'], message: 'A service never imports another service: learn from events.' },
            { group: ['@opentelemetry/sdk-*', '@opentelemetry/exporter-*'], message: 'Only packages/telemetry configures the SDK; app code imports @opentelemetry/api.' },
          ],
        },
      ],
    },
  },
  {
    // A package's own tests may use the test kit (real brokers and stores, polling waits).
    files: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.fixture.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [{ sourceTag: 'type:package', onlyDependOnLibsWithTags: ['type:package', 'type:testing'] }],
        },
      ],
    },
  },
  {
    // What `npm start` and the deployments run (packages/devstack/src/runtime-code.test.ts follows everything npm start and npm run migrate load).
    files: ['infra/**/*.ts', 'scripts/build.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: '@obp/testkit', message: 'The test kit is for tests only: the runtime\'s own helpers live in @obp/devstack.' }] }] },
  },
  {
    files: ['packages/telemetry/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['services/*/src/**/!(*.test).ts'],
    ignores: ['services/*/src/**/*.test.ts', 'services/*/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@obp/testkit', message: 'The test kit is for tests only.' }],
          patterns: [
            { group: ['**/services/*', '../../services/**'], message: 'A service never imports another service: learn from events.' },
            { group: ['@opentelemetry/sdk-*', '@opentelemetry/exporter-*'], message: 'Only packages/telemetry configures the SDK; app code imports @opentelemetry/api.' },
          ],
        },
      ],
    },
  },
];
