// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** The SPA's layers import one way only: shared → features → app (STYLE.md). */
const layerZones = [
  { target: './src/shared', from: './src/features', message: 'shared must not import features' },
  { target: './src/shared', from: './src/app', message: 'shared must not import app' },
  { target: './src/features', from: './src/app', message: 'features must not import app' },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features never import each other; compose them in src/app',
  })),
  ...['./src/app', './src/features', './src/shared'].map((target) => ({
    target,
    from: './src/mocks',
    message: 'The mock catalogue is for tests and dev:mock only',
  })),
]

const server = (folder) => `./server/src/${folder}`

/**
 * The server's layers (STYLE.md): routes and HTTP glue call services; services use repositories,
 * serializers and domain errors; repositories own their record types and raise domain errors.
 * Imports never run back up, and the server, the SPA and the contract stay apart.
 */
const serverZones = [
  {
    target: server('repositories'),
    from: ['services', 'serializers', 'routes', 'http', 'plugins'].map(server),
    message: 'Repositories import no service, serializer, route, HTTP glue or plugin',
  },
  {
    target: server('services'),
    from: ['routes', 'http', 'plugins'].map(server),
    message: 'Services import no route, HTTP glue or plugin; the routes adapt HTTP and call them',
  },
  {
    target: server('serializers'),
    from: ['services', 'routes', 'http', 'plugins'].map(server),
    message: 'Serializers only shape records into contract bodies',
  },
  {
    target: server('http'),
    from: server('plugins'),
    message: 'HTTP glue imports no plugin; what both need lives in http/ or below',
  },
  {
    target: server('jobs'),
    from: ['services', 'serializers', 'routes', 'http', 'plugins'].map(server),
    message: 'The job engine knows no service; plugins/job-work.ts says what each queue does',
  },
  {
    target: server('routes'),
    from: server('jobs'),
    message: 'Routes send no jobs; services do, in the transaction of the change that causes them',
  },
  {
    // Everything in server/src but the repositories and db/ itself.
    target: ['./server/src/*.ts', './server/src/!(repositories|db)/**'],
    from: './server/src/db/schema.ts',
    message: 'Only repositories read and write tables: call a function of server/src/repositories/',
  },
  {
    target: server('domain'),
    from: './server/src',
    except: ['./domain'],
    message: 'Domain errors depend on nothing else in the server',
  },
  { target: './server/src', from: './src', message: 'The server never imports src/' },
  { target: './src', from: './server', message: 'src/ never imports the server' },
  {
    target: './contract',
    from: ['./src', './server'],
    message: 'contract/ is shared and depends on nothing in src or server',
  },
]

/**
 * The demo world (demo/) is storage-neutral data that the server's seed and the mock catalogue
 * adapt; benches, e2e and tests use it too. It is not part of the API contract, the SPA never
 * ships it, and the server reads it only in its seed.
 */
const demoZones = [
  {
    target: './demo',
    from: ['./src', './server'],
    message: 'demo/ is storage-neutral data and depends on nothing in src or server',
  },
  {
    target: './contract',
    from: './demo',
    message: 'contract/ is the API contract; the demo world is data that only its users import',
  },
  {
    target: [
      './src/app',
      './src/features',
      './src/shared',
      // Everything in server/src but the seed (db/seed.ts).
      './server/src/*.ts',
      './server/src/!(db)/**',
      './server/src/db/**/!(seed).ts',
    ],
    from: './demo',
    message: 'The demo world is for the server seed, the mocks, benches and tests only',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'server/dist',
      'coverage',
      'node_modules',
      'public/mockServiceWorker.js',
      'data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: './tsconfig.app.json' }),
      ],
    },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...layerZones, ...serverZones, ...demoZones] },
      ],
      'import-x/no-cycle': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The SPA uses the contract's types; at run time only its dependency-free rules, so the
    // schema builder never ships to the browser.
    files: ['src/app/**', 'src/features/**', 'src/shared/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@contract/(?!rules$|landing-rules$|intl-formats$|descriptor$|descriptors/)',
              allowTypeImports: true,
              message:
                'Import types only from the contract; run-time values from @contract/rules (@contract/landing-rules), @contract/intl-formats and the descriptors.',
            },
          ],
        },
      ],
    },
  },
  {
    // Fastify plugins, hooks and handlers are async by contract, with or without an await.
    files: ['server/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
)
