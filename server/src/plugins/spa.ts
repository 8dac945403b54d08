import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'

/**
 * Serves the built SPA on the API's origin: files as they are, and index.html for any other GET
 * outside the API (client routes such as /auth/login), so deep links and reloads work.
 */
export const spaPlugin = fp<{ root: string; apiPrefix: string }>(
  async (app, { root, apiPrefix }) => {
    if (!existsSync(join(root, 'index.html'))) {
      throw new Error(`No built SPA in ${root}: run \`npm run build\` first`)
    }
    await app.register(fastifyStatic, { root, wildcard: false, index: false })
    // A callback hook that answers by not calling `done`: the request goes no further, whenever
    // the file is sent. (An async hook returning the reply resolves as soon as the client goes
    // away, and the request would then run on to the 404 handler, answering twice.)
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return done()
      const path = request.url.split('?')[0] ?? '/'
      if (path === apiPrefix || path.startsWith(`${apiPrefix}/`)) return done()
      // The router has already answered a path whose escapes do not decode with a 400.
      const file = path === '/' ? null : join(root, decodeURIComponent(path))
      if (file && file.startsWith(root) && existsSync(file) && !file.endsWith('/')) {
        void reply.sendFile(path.slice(1), {
          maxAge: path.startsWith('/assets/') ? '1y' : 0,
          immutable: path.startsWith('/assets/'),
        })
        return
      }
      if (/\.[a-z0-9]+$/i.test(path)) return done() // a missing asset is a real 404
      void reply.sendFile('index.html', { maxAge: 0 })
    })
  },
  { name: 'spa' },
)
