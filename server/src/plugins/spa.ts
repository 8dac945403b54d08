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
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return
      const path = request.url.split('?')[0] ?? '/'
      if (path === apiPrefix || path.startsWith(`${apiPrefix}/`)) return
      const file = path === '/' ? null : join(root, decodeURIComponent(path))
      if (file && file.startsWith(root) && existsSync(file) && !file.endsWith('/')) {
        return reply.sendFile(path.slice(1), {
          maxAge: path.startsWith('/assets/') ? '1y' : 0,
          immutable: path.startsWith('/assets/'),
        })
      }
      if (/\.[a-z0-9]+$/i.test(path)) return // a missing asset is a real 404
      return reply.type('text/html').sendFile('index.html', { maxAge: 0 })
    })
  },
  { name: 'spa' },
)
