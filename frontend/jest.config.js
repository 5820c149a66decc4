import { readFileSync } from 'node:fs';

// Vite replaces import.meta.env at build time; in tests the same variables are replaced by swc
// with `undefined`, so the example defaults of site-config apply (CommonJS has no import.meta).
// The variables are the ones site-config.ts names, read from it.
const siteEnvVariables = [
  ...new Set(
    readFileSync(new URL('./src/shared/site-config.ts', import.meta.url), 'utf8').match(
      /\bVITE_[A-Z_]+\b/g,
    ),
  ),
];

const swcConfig = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    target: 'es2022',
    transform: {
      react: { runtime: 'automatic' },
      optimizer: {
        globals: {
          vars: Object.fromEntries(
            siteEnvVariables.map((name) => [`import.meta.env.${name}`, 'undefined']),
          ),
        },
      },
    },
  },
  module: { type: 'commonjs' },
};

const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', swcConfig] };

/** @type {import('jest').Config} */
export default {
  projects: [
    {
      displayName: 'site',
      testEnvironment: '<rootDir>/jest/jsdom-with-fetch-environment.js',
      testEnvironmentOptions: { url: 'http://localhost/' },
      setupFilesAfterEnv: ['<rootDir>/jest/setup-tests.ts'],
      roots: ['<rootDir>/src'],
      transform,
      // wouter and regexparam ship ES modules only; swc turns them into CommonJS for jest.
      transformIgnorePatterns: ['/node_modules/(?!(wouter|regexparam)/)'],
      moduleNameMapper: { '\\.css$': '<rootDir>/jest/style-stub.js' },
    },
    {
      // The build and preview tooling runs in Node, not in a page.
      displayName: 'tooling',
      testEnvironment: 'node',
      roots: ['<rootDir>/vite'],
      transform,
    },
  ],
};
