import { copyFile, mkdir } from 'node:fs/promises'
import type { TestProject } from 'vitest/node'
import { startProduct } from './support.ts'

/**
 * One product for the whole e2e run: `npm start` builds the SPA once (the slow part) and every
 * test file connects to it with `connectProduct()`. Its log is kept in test-results/ afterwards,
 * for the e-mails and errors of a failed run.
 */
export default async function setup(project: TestProject) {
  const product = await startProduct()
  project.provide('product', {
    origin: product.origin,
    dataDir: product.dataDir,
    logFile: product.logFile,
  })
  return async () => {
    await mkdir('test-results', { recursive: true })
    await copyFile(product.logFile, 'test-results/e2e-server.log').catch(() => {})
    await product.stop()
  }
}
