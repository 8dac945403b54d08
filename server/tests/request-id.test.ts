import { describe, expect, it, vi } from 'vitest'
import * as system from '../../contract/descriptors/system.ts'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { APP_ORIGIN, sameDatabase, setupTestApp } from './helpers.ts'

/**
 * Every answer names its request (X-Request-Id), every error answer says it in its body, and every
 * log line of the request carries it (`reqId`): the id a user quotes finds the lines (issue 33).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const log: string[] = []
const context = setupTestApp({ errorLog: log, logLevel: 'info' })

const linesOf = (id: string) =>
  log.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.reqId === id)

describe('request ids', () => {
  it('names each answer with a new id that every log line of the request carries', async () => {
    const first = await context.app.inject({ method: 'GET', url: '/api/health' })
    const second = await context.app.inject({ method: 'GET', url: '/api/health' })
    const id = String(first.headers['x-request-id'])
    expect(id).toMatch(UUID)
    expect(second.headers['x-request-id']).toMatch(UUID)
    expect(second.headers['x-request-id']).not.toBe(id)
    // Fastify's lines of the request: as it came, and as it was answered.
    expect(linesOf(id).map((line) => line.msg)).toEqual(['incoming request', 'request completed'])
  })

  it('says the id in the body of every error answer', async () => {
    const answers = [
      await context.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await context.app.inject({ method: 'GET', url: '/api/guest/lessons/x' }),
      await context.app.inject({ method: 'GET', url: '/api/user/me' }),
      await context.app.inject({ method: 'GET', url: `/api/guest/lessons/${'9'.repeat(101)}` }),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 400, 401, 414])
    for (const answer of answers) {
      expect(answer.json<{ requestId: string }>().requestId).toBe(answer.headers['x-request-id'])
      expect(answer.json<{ requestId: string }>().requestId).toMatch(UUID)
    }
  })

  it('finds the log line of a failure by the id its answer gave', async () => {
    vi.spyOn(context.app.db, 'execute').mockRejectedValueOnce(new Error('connection lost'))
    const answer = await context.call(system.health)
    expect(answer.statusCode).toBe(503)
    const id = (answer.json() as { requestId: string }).requestId
    expect(id).toBe(answer.headers['x-request-id'])
    expect(linesOf(id).map((line) => line.msg)).toContain(
      'Health check: the database does not answer',
    )
  })

  it("keeps a configured proxy's id, and no client's", async () => {
    const behindProxy = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: context.dataDir,
        APP_ORIGIN,
        TRUST_PROXY: '1',
      }),
      database: sameDatabase(context),
      closeDatabase: false,
      workJobs: false,
    })
    const idOf = async (app: typeof behindProxy, given: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/no-such-route',
          headers: { 'x-request-id': given },
        })
      ).json<{ requestId: string }>().requestId
    try {
      expect(await idOf(behindProxy, 'lb-7f3a.2:9')).toBe('lb-7f3a.2:9')
      expect(await idOf(behindProxy, 'a'.repeat(64))).toBe('a'.repeat(64))
      // Too long, or with what a log line or a header could be bent with: a new id instead.
      for (const hostile of ['a'.repeat(65), 'two words', 'x"}{"admin":true', '']) {
        expect(await idOf(behindProxy, hostile), hostile).toMatch(UUID)
      }
      // Without a proxy, the client's header names nothing.
      expect(await idOf(context.app, 'chosen-by-client')).toMatch(UUID)
    } finally {
      await behindProxy.close()
    }
  })
})
