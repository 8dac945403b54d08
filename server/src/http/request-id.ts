import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** The header that carries a request's id, in the answer and (from a trusted proxy) the request. */
export const REQUEST_ID_HEADER = 'x-request-id'

/** An id a proxy may pass on: short, and nothing a log line or a header could be bent with. */
const PASSED_ON_ID = /^[\w.:-]{1,64}$/

/**
 * Fastify's `genReqId`: each request's id, in every log line of the request (`reqId`), its
 * answer's X-Request-Id header and an error answer's body. A configured proxy's X-Request-Id is
 * kept, so one id follows the request through both; without a proxy, a client could choose the
 * id that support then searches the logs for, so a new one is made.
 */
export const requestIdGenerator =
  (trustsProxy: boolean) =>
  (request: IncomingMessage): string => {
    const passedOn = request.headers[REQUEST_ID_HEADER]
    return trustsProxy && typeof passedOn === 'string' && PASSED_ON_ID.test(passedOn)
      ? passedOn
      : randomUUID()
  }
