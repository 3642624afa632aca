import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** `files` may not import from the top-level folders `above` (alias or relative path). */
function layer(files, above) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: above.map((folder) => ({
            regex: `^(#${folder}/|(\\.\\./)+${folder}/)`,
            message: `${files[0].split('/')[0]}/ is below ${folder}/ and may not import from it (decision 016).`,
          })),
        },
      ],
    },
  }
}

export default tseslint.config(
  { ignores: ['build/**', 'node_modules/**', 'drizzle/**', 'test-results/**', 'playwright-report/**', 'tests/.tmp/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // The layers (README, decision 016): catalog/ ← db/ ← server/ ← app/. A folder imports
  // nothing from the folders above it, by alias (#server/…) or by relative path (../server/…).
  layer(['catalog/**'], ['db', 'server', 'app', 'tests']),
  layer(['db/**'], ['server', 'app', 'tests']),
  layer(['server/**'], ['app', 'tests']),
  // Every Spanish catalog at once is the server's (decision 074): a page's loader sends its own.
  {
    files: ['app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(#catalog/locales/|(\\.\\./)+catalog/locales/)', message: 'app/ gets translations from its loaders (routeMessages), not by importing catalogs (decision 074).' }] },
      ],
    },
  },
  {
    files: ['scripts/**', 'server/demo/cli.ts', 'server/http/main.ts', 'tests/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
)
