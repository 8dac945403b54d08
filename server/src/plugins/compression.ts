import compress from '@fastify/compress'
import fp from 'fastify-plugin'
import { COMPRESS_FROM_BYTES } from '../http/build-output.ts'
import { BROTLI_PER_ANSWER } from '../http/encodings.ts'

/**
 * Compresses the API's answers above COMPRESS_FROM_BYTES, brotli or gzip as the client's
 * Accept-Encoding prefers, and says so (`Vary: Accept-Encoding`). Registered in the API's scope
 * only: the SPA's files are compressed once, at build time (plugins/spa.ts). Revalidated reads
 * (compressed once per body in http/route.ts) and file downloads (routes whose endpoint
 * `produces` a file) opt out in http/route.ts; empty answers (304) go out untouched. Compressed
 * request bodies are not accepted: the API's bodies are small, and inflating them would only
 * dodge the body limit.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      threshold: COMPRESS_FROM_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: BROTLI_PER_ANSWER,
      globalDecompression: false,
    })
  },
  { name: 'compression' },
)
