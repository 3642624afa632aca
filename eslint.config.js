import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The patterns that keep `files` from importing the top-level folders `above` (alias or relative path). */
function abovePatterns(files, above) {
  return above.map((folder) => ({
    regex: `^(#${folder}/|(\\.\\./)+${folder}/)`,
    message: `${files[0].split('/')[0]}/ is below ${folder}/ and may not import from it (decision 016).`,
  }))
}

/** The patterns that keep a file of server/ from importing the server/ folders `above` (decision 080). */
function serverPatterns(who, above) {
  return above.map((folder) => ({
    regex: `^(#server/${folder}/|(\\.\\./)+${folder}/|\\./${folder}/)`,
    message: `${who} is below server/${folder}/ and may not import from it (decision 080).`,
  }))
}

/** `files` may not import from the top-level folders `above`, nor (`extra`) the patterns given. */
function layer(files, above, { ignores, extra = [] } = {}) {
  return {
    files,
    ...(ignores ? { ignores } : {}),
    rules: { 'no-restricted-imports': ['error', { patterns: [...abovePatterns(files, above), ...extra] }] },
  }
}

const DOORS_AND_EDGE = ['server/http/**', 'server/rest/**', 'server/trpc/**']

/**
 * server/'s shared rooms (decision 083): services every domain area uses. They import only each
 * other, db/ and catalog/, never a domain area, so no import cycle can run through them.
 * `node scripts/import-cycles.mjs` (part of `npm run lint`) checks the whole graph.
 */
const SHARED_ROOMS = ['access', 'blobs', 'captcha', 'context', 'i18n', 'jobs', 'limits', 'mail', 'pdf', 'records', 'rollups', 'uploads']
const DOMAIN_AREAS = ['activity', 'alerts', 'auth', 'companies', 'compliance', 'dashboards', 'demo', 'documents', 'drivers', 'exports', 'fleet', 'hours', 'inspections', 'leases', 'maintenance', 'calendar', 'costs', 'repairs', 'webhooks']

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
  // Inside server/ (decision 080): the domain and its shared infrastructure (server/context,
  // server/limits, …) sit below the doors (server/rest, server/trpc), which sit below the HTTP
  // edge (server/http: the process entry, the Express app, the Remix adapter).
  layer(['server/**'], ['app', 'tests'], {
    ignores: DOORS_AND_EDGE,
    extra: serverPatterns('a domain file of server/', ['http', 'rest', 'trpc']),
  }),
  layer(['server/rest/**', 'server/trpc/**'], ['app', 'tests'], { extra: serverPatterns('a door (server/rest, server/trpc)', ['http']) }),
  layer(
    ['server/*.ts', ...SHARED_ROOMS.map((room) => `server/${room}/**`)],
    ['app', 'tests'],
    { extra: serverPatterns('a shared room of server/ (decision 083)', ['http', 'rest', 'trpc', ...DOMAIN_AREAS]) },
  ),
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
