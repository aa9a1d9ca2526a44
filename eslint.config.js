// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ESLint reads the SPA (`eslint apps/web`): the rules oxlint does not have, the React hooks rules
// (the compiler's included), jsx-a11y and the house rules written as syntax selectors, beside the
// recommended sets. oxlint runs every other rule on every file: the recommended sets, the layering
// of the BFF and the tooling, file length, and the type-aware rules with the type check on
// TypeScript 7 (.oxlintrc.json, decision 049). `npm run lint` runs both.
export default tseslint.config(
  {
    // The test set-up builds a PGlite template beside the sources while lint runs (CI).
    ignores: [
      '**/dist/**',
      '**/coverage/**',
      '**/node_modules/**',
      '**/data/**',
      'apps/bff/src/db/pglite-template*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Hooks live in .ts files too (useWizardDraft, usePayoutWizard…): the rules of hooks everywhere.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  // Layering. Each block lists what a layer may not import; a planted import fails lint.
  {
    // The SPA talks to the BFF over HTTP only, and keeps zod out of its bundles (decision 008).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: 'zod stays out of the SPA (decision 008): types only.',
            },
            {
              name: '@payouts/contracts/endpoints',
              allowTypeImports: true,
              message:
                "The endpoints' schemas are zod: the SPA takes their types, and ROUTES from '@payouts/contracts'.",
            },
          ],
          patterns: [
            {
              group: [
                '@payouts/bff',
                '@payouts/bff/*',
                '@payouts/orchestrator-client',
                '@payouts/orchestrator-client/*',
                '@payouts/orchestrator-sandbox',
                '@payouts/orchestrator-sandbox/*',
                '**/apps/bff/**',
                '**/packages/orchestrator-*/**',
              ],
              message: 'The SPA reaches the BFF over HTTP only; never the BFF, client or sandbox.',
            },
          ],
        },
      ],
    },
  },
  {
    // The SPA's forms/ (the generated PSP sections and method steps, and what loads them) is what
    // several features render: it imports none of them.
    files: ['apps/web/src/forms/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**'],
              message:
                'forms/ sits below the features (the wizard, beneficiaries, the lab): it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    // Files stay readable in one sitting: web components at most 300 lines (every source 500:
    // oxlint).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // One way to show money, counts and times in the SPA: the formatters in components/format*.ts,
    // in the user's locale and time zone. Anything formatting by hand fails here.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', 'apps/web/src/components/format*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports (house style).' },
        {
          selector:
            "NewExpression[callee.object.name='Intl'][callee.property.name=/^(NumberFormat|DateTimeFormat|RelativeTimeFormat)$/]",
          message: 'Format with components/formatMoney, formatCount or formatDateTime.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(toLocaleString|toLocaleDateString|toLocaleTimeString|toFixed)$/]',
          message: 'Format with components/formatMoney, formatCount or formatDateTime.',
        },
        {
          selector:
            "TemplateLiteral:has(> MemberExpression[property.name=/amount|threshold/i]):has(> MemberExpression[property.name='currency'])",
          message: 'Show money with components/formatMoney (or <Money>), not by hand.',
        },
      ],
    },
  },
  {
    files: ['**/*.config.{js,ts,mjs}', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tests may poke at untyped JSON replies (.oxlintrc.json says the same); keep the rest strict.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);
