import negotiate from '@fastify/accept-negotiator'
import type { FastifyRequest } from 'fastify'
import { type BrotliOptions, brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { bestCompression, type Compression } from './build-output.ts'

export type Encoding = 'br' | 'gzip' | 'identity'

/** Brotli fast enough to run per answer (quality 4, @fastify/compress's own choice). */
export const BROTLI_PER_ANSWER: BrotliOptions = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 4,
  },
}

/** Compression fast enough to run per answer: the brotli above, gzip at zlib's default level. */
export const PER_ANSWER: Compression = { brotli: BROTLI_PER_ANSWER, gzip: {} }

/** The encoding the client's Accept-Encoding prefers among brotli and gzip, else none. */
export const acceptedEncoding = (request: FastifyRequest): Encoding =>
  (negotiate(request.headers['accept-encoding'] ?? '', ['br', 'gzip']) as Encoding | null) ??
  'identity'

/**
 * `bytes` in each encoding, compressed the first time it is asked for and kept; by default with
 * the best compression, as the build compresses its files.
 */
export const encodedOnce = (
  bytes: Buffer,
  { brotli, gzip }: Compression = bestCompression(bytes.length),
) => {
  const encoded = new Map<Encoding, Buffer>([['identity', bytes]])
  return (encoding: Encoding) => {
    let result = encoded.get(encoding)
    if (!result) {
      result = encoding === 'br' ? brotliCompressSync(bytes, brotli) : gzipSync(bytes, gzip)
      encoded.set(encoding, result)
    }
    return result
  }
}
