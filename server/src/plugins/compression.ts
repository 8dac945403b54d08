import compress from '@fastify/compress'
import fp from 'fastify-plugin'

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024

/**
 * Compresses the API's answers above COMPRESS_FROM_BYTES, brotli or gzip as the client's
 * Accept-Encoding prefers, and says so (`Vary: Accept-Encoding`). Registered in the API's scope
 * only: the SPA's files are compressed once, at build time (plugins/spa.ts). Answers that
 * already carry a Content-Encoding, empty ones (304) and file downloads (routes whose endpoint
 * `produces` a file opt out in http/route.ts) go out untouched. Compressed request bodies are not
 * accepted: the API's bodies are small, and inflating them would only dodge the body limit.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      threshold: COMPRESS_FROM_BYTES,
      encodings: ['br', 'gzip'],
      globalDecompression: false,
    })
  },
  { name: 'compression' },
)
