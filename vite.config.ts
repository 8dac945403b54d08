import { rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
}

/**
 * public/ holds the mock API's service worker for `npm run dev:mock`; a build without the mocks
 * leaves it out, so production never serves a worker that could answer the API's calls.
 */
const withoutMockWorker = (): Plugin => {
  let outDir = 'dist'
  let mocks = false
  return {
    name: 'manabi:without-mock-worker',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir)
      mocks = config.env.VITE_ENABLE_MOCKS === 'true'
    },
    closeBundle() {
      if (!mocks) rmSync(join(outDir, 'mockServiceWorker.js'), { force: true })
    },
  }
}

/**
 * The libraries every screen starts with (the landing page included) travel in one chunk: one
 * request instead of a dozen, and one gzip stream compresses them about 5% better than many.
 * Libraries only some screens use (forms, PayPal, dates) stay with the screens that import them.
 */
const STARTUP_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query)|axios|i18next|i18next-http-backend|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|react-toastify|clsx|cookie|set-cookie-parser)[\\/]/

export default defineConfig({
  plugins: [react(), tailwindcss(), withoutMockWorker()],
  resolve: { alias },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'vendor', test: STARTUP_LIBRARIES }] } },
    },
  },
  test: {
    restoreMocks: true,
    // Vitest leaves one core to its main process by default, which mostly waits: on a two-core
    // machine that is one worker. Every core runs tests (about a third faster here).
    maxWorkers: availableParallelism(),
    // Test files share their worker's modules and environment instead of loading them afresh:
    // the SPA suite runs in a third of the time. Each file resets what it changes (MSW handlers,
    // the mock db, stubbed globals, the language), which the setup files and helpers enforce.
    isolate: false,
    testTimeout: 15000,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          setupFiles: ['./tests/setup.ts'],
          include: ['tests/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/tests/**/*.test.ts'],
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          // One product (npm start: build, then serve) for every file; see e2e/global-setup.ts.
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 120000,
          hookTimeout: 240000,
          fileParallelism: false,
        },
      },
    ],
    env: {
      VITE_API_URL: 'http://localhost:3000/api',
      VITE_SUPPORT_EMAIL: 'support@manabi.example',
    },
  },
})
