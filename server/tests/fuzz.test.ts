import { STATUS_CODES } from 'node:http'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../contract/index.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { API_PREFIX } from '../src/app.ts'
import { casesOf, type FuzzCase } from './fuzz/cases.ts'
import {
  contractPath,
  type OpenApiDocument,
  type Operation,
  operationsMatching,
  operationsOf,
} from './fuzz/operations.ts'
import { schemaErrors } from './fuzz/values.ts'
import { callerOf, createWorld } from './fuzz/world.ts'
import { APP_ORIGIN, setupTestApp } from './helpers.ts'

/**
 * Every operation of the server's own OpenAPI document gets hostile requests by the thousand:
 * wrong types, numbers past every column (2^31, 2^53, 1e308), strings past every limit and with
 * NUL bytes, unknown fields, broken JSON, wrong content types, broken multipart bodies, hostile
 * ids in every path position and paths with segments dropped or added, all generated from the
 * document's schemas. Each is sent by a caller the operation admits, naming objects that exist,
 * so it gets past authorisation to validation and the handler. No answer may be a 5xx; every
 * answer must be a status the operation declares, with a body its schema admits; and nothing
 * may be logged at error level (a 5xx hidden behind a 4xx).
 */

const errorLog: string[] = []
const context = setupTestApp({ errorLog, rateLimitMax: 1_000_000 })

let operations: Operation[] = []
let sent = 0

beforeAll(async () => {
  const response = await context.callPath({ method: 'GET', url: '/docs/json' })
  // Throws unless the document and the contract list the same operations.
  operations = operationsOf(response.json<OpenApiDocument>(), API_PREFIX)
})

afterEach(() => {
  errorLog.length = 0
})

afterAll(() => {
  console.info(`Fuzz: ${sent} requests sent to ${operations.length} operations`)
})

const send = async (fuzz: FuzzCase, cookie: string | null) => {
  sent += 1
  return context.app.inject({
    method: fuzz.method,
    url: `${API_PREFIX}${fuzz.url}`,
    headers: { origin: APP_ORIGIN, ...(cookie ? { cookie } : {}), ...fuzz.headers },
    ...(fuzz.payload === undefined ? {} : { payload: fuzz.payload }),
  })
}

const isJson = (response: LightMyRequestResponse) =>
  String(response.headers['content-type'] ?? '').includes('application/json')

/** What is wrong with an answer for `operation`, or null when its contract admits it. */
const problemOf = (operation: Operation, response: LightMyRequestResponse): string | null => {
  const status = response.statusCode
  if (!operation.responses.has(status)) return `undeclared status ${status}: ${response.body}`
  // A success may be bytes (an image, a file, a calendar); every error is the JSON error body.
  if (status < 400 && !isJson(response)) return null
  if (!isJson(response)) return `${status} is not JSON: ${String(response.headers['content-type'])}`
  let body: unknown
  try {
    body = response.json()
  } catch {
    return `${status} body is not JSON`
  }
  const schema = operation.responses.get(status)
  const errors = schema && schemaErrors(schema, body)
  if (errors) return `${status} body breaks its schema: ${errors}`
  if (status >= 400) {
    const error = body as { statusCode: number; error: string; message: string | string[] }
    if (error.statusCode !== status || error.error !== STATUS_CODES[status]) {
      return `${status} body names ${error.statusCode} ${error.error}`
    }
    const lines = [error.message].flat()
    if (lines.length === 0 || lines.some((line) => line.trim() === '')) {
      return `${status} with an empty message`
    }
    if (lines.includes(MESSAGES.http.internalError.text)) return `${status} hides its reason`
  }
  return null
}

/**
 * A request whose path was changed may reach another operation, or none: it must be right for
 * one it reaches, or be the router's 404 with the error body.
 */
const verdict = (operation: Operation, fuzz: FuzzCase, response: LightMyRequestResponse) => {
  if (response.statusCode >= 500) {
    return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`
  }
  if (!fuzz.pathChanged) return problemOf(operation, response)
  const reached = operationsMatching(operations, fuzz.method, fuzz.url)
  const problems = reached.map((candidate) => problemOf(candidate, response))
  if (problems.includes(null)) return null
  if (response.statusCode === 404 && isJson(response)) return null
  return problems[0] ?? `answered ${response.statusCode} on no route`
}

// One test per contract endpoint, named at collection time; its schemas come from the document.
describe('fuzzing every operation of the OpenAPI document', () => {
  it.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s',
    async (_, endpoint) => {
      const operation = operations.find(
        (candidate) =>
          candidate.method === endpoint.method && contractPath(candidate.path) === endpoint.path,
      )
      if (!operation) throw new Error('Not in the OpenAPI document')
      const world = await createWorld(context.app, context.db)
      const cookie = callerOf(world, operation.access)
      const failures: string[] = []
      for (const fuzz of casesOf(operation, world)) {
        const response = await send(fuzz, cookie)
        const problem = verdict(operation, fuzz, response)
        if (problem) failures.push(`${fuzz.label} → ${problem}`)
        if (errorLog.length > 0) {
          failures.push(`${fuzz.label} → logged an error: ${errorLog.join('\n').slice(0, 500)}`)
          errorLog.length = 0
        }
      }
      expect(failures).toEqual([])
    },
  )
})

it('sent thousands of requests, to every operation', () => {
  expect(operations).toHaveLength(endpoints.length)
  expect(sent).toBeGreaterThan(2000)
})
