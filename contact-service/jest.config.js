import { availableParallelism } from 'node:os';

// Tests are compiled to CommonJS by swc; Node 24 loads the ESM-only NestJS 12 packages
// through require(esm).
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
};

const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

// Two projects, as in Nest's samples: unit specs beside the code (src/**/*.spec.ts), and
// integration specs against a real database (test/**/*.e2e-spec.ts), which alone need the
// database chosen by the global setup. `npm run test:unit` runs only the first.
export default {
  testTimeout: 30000,
  // Much of an integration file's time is spent waiting: on the database, a mail, a lease (a
  // cache's time a test lets pass on the service's Clock). Jest's default, one worker fewer than
  // the cores (one on a 2-core machine), runs the files one after another; a file a core overlaps
  // the waits. (Two a core were quicker still, but a few files that time one request against
  // another then missed.) Each file has a database of its own (test/support/test-database.ts) and
  // free ports.
  maxWorkers: availableParallelism(),
  projects: [
    { ...common, displayName: 'unit', roots: ['<rootDir>/src'], testMatch: ['**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts'],
      // Stops what a test file left running and fails a file that leaves a handle open.
      testEnvironment: '<rootDir>/test/support/integration-environment.ts',
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
    },
  ],
};
