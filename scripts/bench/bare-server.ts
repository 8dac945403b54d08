// The yardstick of the bench: one trivial JSON route in a plain Fastify app (no plugins, no
// logger, no database), on the same machine and Node as the product. Prints its URL when ready.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/', () => ({ hello: 'world' }))
const url = await app.listen({ host: '127.0.0.1', port: 0 })
console.log(`bare fastify on ${url}`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
