import { afterEach, beforeEach } from 'vitest'
import { server } from '@/mocks/node'
import { env } from '@/shared/config/env'

const apiBasePath = new URL(env.API_URL, 'http://localhost').pathname.replace(/\/$/, '')

/** The path of a request relative to the API base, comparable with `buildPath(descriptor.path)`. */
export const apiPathOf = (url: string) => new URL(url).pathname.replace(apiBasePath, '')

/**
 * Records, for each test of the file that calls it, the path of every API request (relative to
 * the API base) in order, so a test can say which endpoints a screen called.
 */
export const recordRequestedPaths = () => {
  const requested: string[] = []
  const record = ({ request }: { request: Request }) => {
    requested.push(apiPathOf(request.url))
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
