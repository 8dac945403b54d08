import { describe, expect, it, vi } from 'vitest'
import * as guest from '../../contract/descriptors/guest.ts'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { outbox } from '../src/db/schema.ts'
import { JobNotDue } from '../src/jobs/queues.ts'
import { handlers } from '../src/plugins/job-work.ts'
import { APP_ORIGIN, sameDatabase, setupTestApp } from './helpers.ts'

/**
 * Prometheus metrics (issue 33): closed to the public by configuration, one series per route
 * pattern, and the figures an operator watches (database pool, job queues, e-mail outbox, memory).
 */
const TOKEN = 'metrics-secret-0123456789'
const context = setupTestApp({ env: () => ({ METRICS_TOKEN: TOKEN }) })

const scrape = (authorization?: string) =>
  context.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: authorization === undefined ? {} : { authorization },
  })

/** The value of one series of the exposition, e.g. `jobs{queue="x",state="created"}`. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /api/metrics', () => {
  it('answers only a scraper with the configured bearer token', async () => {
    for (const authorization of [
      undefined,
      TOKEN,
      `Basic ${TOKEN}`,
      'Bearer ',
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
    ]) {
      const refused = await scrape(authorization)
      expect(refused.statusCode, String(authorization)).toBe(401)
      expect(refused.json()).toMatchObject({ statusCode: 401, code: 'http.unauthorized' })
      expect(refused.headers['www-authenticate'], String(authorization)).toBe(
        'Bearer realm="metrics"',
      )
      expect(refused.body).not.toContain('http_request_duration_seconds')
    }
    const answer = await scrape(`Bearer ${TOKEN}`)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(answer.headers['cache-control']).toBe('no-store')
    // Node's own figures: the resident memory the bench reports, the event loop's lag.
    expect(valueOf(answer.body, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000)
    expect(answer.body).toContain('nodejs_eventloop_lag_p99_seconds')
  })

  it('does not exist without a token in the configuration', async () => {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: context.dataDir, APP_ORIGIN }),
      database: sameDatabase(context),
      closeDatabase: false,
      workJobs: false,
    })
    try {
      const answer = await app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(answer.statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })

  it('times requests by route pattern and status, never by the raw path', async () => {
    await context.call(guest.guestSessions, { params: { id: 987_654_321 } })
    await context.call(guest.guestSessions, { params: { id: 987_654_322 } })
    await context.app.inject({ method: 'GET', url: '/api/no-such-route/123' })
    const { body } = await scrape(`Bearer ${TOKEN}`)
    const lessonSeries =
      'http_request_duration_seconds_count{method="GET",route="/api/guest/lessons/:id/sessions",status_code="404"}'
    expect(valueOf(body, lessonSeries)).toBe(2)
    expect(
      valueOf(
        body,
        'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(1)
    expect(body).not.toContain('987654321')
    expect(body).not.toContain('no-such-route')
  })

  it('tells the job queues, the failures and the e-mail outbox', async () => {
    await context.app.boss.send('housekeeping', {})
    await context.app.boss.send('housekeeping', {})
    let body = (await scrape(`Bearer ${TOKEN}`)).body
    expect(valueOf(body, 'jobs{queue="housekeeping",state="created"}')).toBe(2)
    expect(valueOf(body, 'outbox_unsent')).toBe(0)
    expect(valueOf(body, 'outbox_lag_seconds')).toBe(0)

    // A job whose work throws: counted, and kept by pg-boss as failed (no retries in this queue).
    await context.app.boss.send('sessionJobsSweep', {})
    vi.spyOn(handlers, 'sessionJobsSweep').mockRejectedValueOnce(new Error('the sweep failed'))
    await expect(context.app.runDueJobs(['sessionJobsSweep'])).rejects.toThrow('the sweep failed')
    // A job run before its time waits to be tried again: no failure to count.
    await context.app.boss.send('sessionJobsSweep', {})
    vi.spyOn(handlers, 'sessionJobsSweep').mockRejectedValueOnce(new JobNotDue('not yet'))
    await expect(context.app.runDueJobs(['sessionJobsSweep'])).rejects.toThrow('not yet')

    await context.db.insert(outbox).values([
      {
        to: 'a@manabi.example',
        subject: 'A',
        text: 'a',
        html: 'a',
        createdAt: new Date(Date.now() - 90_000),
      },
      {
        to: 'b@manabi.example',
        subject: 'B',
        text: 'b',
        html: 'b',
        createdAt: new Date(Date.now() - 5_000),
      },
      {
        to: 'c@manabi.example',
        subject: 'C',
        text: 'c',
        html: 'c',
        createdAt: new Date(Date.now() - 600_000),
        sentAt: new Date(),
      },
    ])
    body = (await scrape(`Bearer ${TOKEN}`)).body
    expect(valueOf(body, 'job_failures_total{queue="sessionJobsSweep"}')).toBe(1)
    expect(valueOf(body, 'jobs{queue="sessionJobsSweep",state="failed"}')).toBe(2)
    expect(valueOf(body, 'outbox_unsent')).toBe(2)
    // The oldest unsent one's age; the sent one does not count.
    const lag = valueOf(body, 'outbox_lag_seconds')!
    expect(lag).toBeGreaterThanOrEqual(90)
    expect(lag).toBeLessThan(300)
  })

  it("tells PostgreSQL's pool, and no pool for the embedded database", async () => {
    const { body } = await scrape(`Bearer ${TOKEN}`)
    if (process.env.DATABASE_URL) {
      expect(valueOf(body, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1)
      expect(valueOf(body, 'db_pool_connections{state="waiting"}')).toBe(0)
    } else {
      // The embedded database has one connection: the metric is declared, with no series.
      expect(body).toContain('# TYPE db_pool_connections gauge')
      expect(body).not.toContain('db_pool_connections{')
    }
  })
})
