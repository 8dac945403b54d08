import { availableParallelism } from 'node:os'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vitest/config'

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: { sourcemap: true, manifest: true },
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
