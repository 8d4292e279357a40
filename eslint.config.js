import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'e2e/artifacts/**',
      'e2e/test-results*/**',
      'e2e/.data/**',
      'data/**',
      'bench/results/**',
      'bench/data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Web app boundaries (docs/architecture.md): a feature does not import another feature; shared code (lib,
    // i18n, the push-event infrastructure in features/live, the list filters, keys and errors in features/lists, the
    // task and process actions in features/actions, the attachment widgets in features/attachments that the
    // apply and detail pages both show, the form renderers in features/form-render) imports no feature; only the
    // shell (app, layouts) composes features. Tests may use the shell's query client.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/elements': [
        { type: 'shared', pattern: 'apps/web/src/features/(live|lists|actions|attachments)', mode: 'folder' },
        // The form renderers: the apply pages and the console's form designer draw forms with the same components.
        { type: 'shared', pattern: 'apps/web/src/features/form-render', mode: 'folder' },
        { type: 'feature', pattern: 'apps/web/src/features/*', mode: 'folder', capture: ['name'] },
        { type: 'shared', pattern: 'apps/web/src/(lib|i18n|test)', mode: 'folder' },
        { type: 'shell', pattern: 'apps/web/src/(app|layouts)', mode: 'folder' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            { from: 'feature', disallow: [['feature', { name: '!${from.name}' }], 'shell'] },
            { from: 'shared', disallow: ['feature', 'shell'] },
          ],
        },
      ],
    },
  },
);
