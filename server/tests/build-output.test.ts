import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodedOnce, PER_ANSWER } from '../src/http/encodings.ts'

/**
 * Bytes compressed once and sent many times (the landing pages, http/encodings.ts) are compressed
 * as the build compresses its files (vite.config.ts): gzip at level 9, brotli at its best quality
 * in text mode. Bytes compressed per answer (the revalidated reads) stay quick to compress.
 */
const page = Buffer.from(
  '<!doctype html><html lang="en"><title>Manabi</title><ul>' +
    Array.from(
      { length: 400 },
      (_, i) => `<li data-lesson="${(i * 7919) % 1000}">Lesson ${(i * 104729) % 997}: ikebana</li>`,
    ).join('') +
    '</ul></html>',
)

const bestBrotli = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
  },
}

describe('bytes compressed once', () => {
  it('are compressed as the build compresses its files: gzip level 9, brotli at its best for text', () => {
    const encoded = encodedOnce(page)
    expect(encoded('identity')).toBe(page)
    expect(encoded('gzip').equals(gzipSync(page, { level: 9 }))).toBe(true)
    expect(encoded('br').equals(brotliCompressSync(page, bestBrotli))).toBe(true)
    // Made the first time each is asked for, then kept.
    expect(encoded('gzip')).toBe(encoded('gzip'))
  })

  it('per answer, are compressed quickly: brotli quality 4 in text mode, gzip at zlib’s default', () => {
    const encoded = encodedOnce(page, PER_ANSWER)
    const quick = {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    }
    expect(encoded('br').equals(brotliCompressSync(page, quick))).toBe(true)
    expect(encoded('gzip').equals(gzipSync(page))).toBe(true)
    // The settings tell apart: the best gzip of this page is not the quick one.
    expect(gzipSync(page, { level: 9 }).equals(gzipSync(page))).toBe(false)
  })
})
