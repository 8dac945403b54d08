import negotiate from '@fastify/accept-negotiator'
import type { FastifyRequest } from 'fastify'
import { type BrotliOptions, brotliCompressSync, constants, gzipSync } from 'node:zlib'

export type Encoding = 'br' | 'gzip' | 'identity'

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024

/** Brotli fast enough to run per answer (quality 4, @fastify/compress's own choice). */
export const BROTLI_PER_ANSWER: BrotliOptions = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 4,
  },
}

/** The encoding the client's Accept-Encoding prefers among brotli and gzip, else none. */
export const acceptedEncoding = (request: FastifyRequest): Encoding =>
  (negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']) as Encoding | null) ??
  'identity'

/** `bytes` in each encoding, compressed the first time it is asked for and kept. */
export const encodedOnce = (bytes: Buffer, brotli: BrotliOptions = {}) => {
  const encoded = new Map<Encoding, Buffer>([['identity', bytes]])
  return (encoding: Encoding) => {
    let result = encoded.get(encoding)
    if (!result) {
      result = encoding === 'br' ? brotliCompressSync(bytes, brotli) : gzipSync(bytes)
      encoded.set(encoding, result)
    }
    return result
  }
}
