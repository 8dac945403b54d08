import { afterEach, beforeEach } from 'vitest'
import { server } from '@/mocks/node'

/**
 * Records, for each test of the file that calls it, the path of every API request (without the
 * /api base) in order, so a test can say which endpoints a screen called.
 */
export const recordRequestedPaths = () => {
  const requested: string[] = []
  const record = ({ request }: { request: Request }) => {
    requested.push(new URL(request.url).pathname.replace(/^\/api/, ''))
  }
  beforeEach(() => {
    server.events.on('request:start', record)
  })
  afterEach(() => {
    server.events.removeListener('request:start', record)
    requested.length = 0
  })
  return requested
}
