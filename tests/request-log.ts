import { afterEach, beforeEach } from 'vitest'
import type { ParamsOf } from '@contract/client'
import { buildPath, type Descriptor } from '@contract/descriptor'
import { server } from '@/mocks/node'
import { env } from '@/shared/config/env'

const apiBasePath = new URL(env.API_URL, 'http://localhost').pathname.replace(/\/$/, '')

/** The path of a request relative to the API base, comparable with `buildPath(descriptor.path)`. */
export const apiPathOf = (url: string) => new URL(url).pathname.replace(apiBasePath, '')

type ParamsArgs<D extends Descriptor> = [ParamsOf<D>] extends [undefined]
  ? []
  : [params: ParamsOf<D>]

/**
 * The path a call of `descriptor` with `params` requests, as `apiPathOf` and
 * `recordRequestedPaths` give it: `expect(requested).toContain(pathOf(lessons.getLesson, { id }))`.
 */
export const pathOf = <D extends Descriptor>(descriptor: D, ...[params]: ParamsArgs<D>) =>
  buildPath(descriptor.path, params)

/** Whether an API path (relative to the base) is one of `descriptor`'s, whatever its params. */
export const isPathOf = (descriptor: Descriptor, path: string) =>
  new RegExp(`^${descriptor.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(path)

/** Whether `request` calls `descriptor`: its method, and its path with any params. */
export const isCallOf = (descriptor: Descriptor, request: Request) =>
  request.method === descriptor.method && isPathOf(descriptor, apiPathOf(request.url))

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

/**
 * From now on, records the JSON body of every call of `descriptor`, so a test can check what a
 * screen sent. The listener stays until the test file removes it
 * (`server.events.removeAllListeners()`).
 */
export const recordBodies = (descriptor: Descriptor) => {
  const bodies: unknown[] = []
  server.events.on('request:start', ({ request }) => {
    if (isCallOf(descriptor, request)) {
      void request
        .clone()
        .json()
        .then((body) => bodies.push(body))
    }
  })
  return bodies
}

/**
 * From now on, records the query of every call of `descriptor`, in order. The listener stays
 * until the test file removes it (`server.events.removeAllListeners()`).
 */
export const recordQueries = (descriptor: Descriptor) => {
  const queries: URLSearchParams[] = []
  server.events.on('request:start', ({ request }) => {
    if (isCallOf(descriptor, request)) queries.push(new URL(request.url).searchParams)
  })
  return queries
}
