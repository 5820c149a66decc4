import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { architecture } from './eslint/architecture.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-console/**',
      '**/coverage/**',
      '.tools/**',
      '**/.data/**',
      '.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Resolved as Node and the bundler do: TypeScript sources behind `.js` specifiers (the
      // service's nodenext imports), extensionless imports (the site's), package exports.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['types', 'import', 'require', 'node', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // An import the resolver cannot follow would pass the architecture's zones unchecked.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Nest reads constructor and parameter types at run time (emitDecoratorMetadata): a class
    // used only as such a type must stay a value import, which these options tell the rules.
    files: ['contact-service/**/*.ts'],
    languageOptions: {
      parserOptions: { experimentalDecorators: true, emitDecoratorMetadata: true },
    },
  },
  {
    // Typed rules where they pay: a promise nobody awaits in the service is a lost error or an
    // unfinished write. Scoped to the service's sources to keep `eslint .` quick.
    files: ['contact-service/src/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // As in redux-templates: components use the typed hooks of app/hooks.ts.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/app/hooks.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector', 'useStore'],
              message: 'Use the typed hooks of app/hooks.ts (add one there if it is missing).',
            },
          ],
        },
      ],
    },
  },
  {
    // A product source file stays readable in one sitting; tests, migrations, generated files,
    // benchmarks and development tools apart.
    files: [
      'contact-service/src/**/*.ts',
      'frontend/src/**/*.{ts,tsx}',
      'contract/**/*.{js,mjs,ts}',
      'deploy/kubernetes/**/*.{js,mjs,ts}',
    ],
    ignores: [
      '**/*.{spec,test,e2e-spec}.{ts,tsx,js,mjs}',
      '**/test/**',
      '**/migrations/**',
      '**/*.generated.ts',
      '**/test-utils/**',
    ],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  ...architecture,
);
