// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/coverage/**', '**/node_modules/**', '**/data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', '*.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Use named exports (house style).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'tests/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // The BFF's production code loads the sandbox (a dev dependency) only through
    // `await import(...)` in embedded mode; types come with `import type` (docs/decisions/012).
    files: ['apps/bff/src/**/*.ts'],
    ignores: ['apps/bff/src/**/*.test.ts', 'apps/bff/src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@payouts/orchestrator-sandbox',
              allowTypeImports: true,
              message:
                'The sandbox is a dev dependency: `import type` here, load it with `await import()` in embedded mode only.',
            },
          ],
        },
      ],
      // `import { type X }` alone still loads the module (verbatimModuleSyntax): say `import type`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // Tooling reaches the BFF through its package exports, as any other workspace does.
    files: ['bench/**/*.ts', 'tests/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/bff/src/**', '**/apps/bff/dist/**'],
              message: "Import the BFF from '@payouts/bff' (apps/bff/src/index.ts exports it).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.config.{js,ts,mjs}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tests may poke at untyped JSON replies; keep the rest strict.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);
