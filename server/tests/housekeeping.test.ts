import { utimes } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { hashToken } from '../src/crypto/tokens.ts'
import {
  authSessions,
  files,
  outbox,
  payments,
  rateLimitCounters,
  storedFiles,
  userTokens,
  webhookEvents,
} from '../src/db/schema.ts'
import { uploadsDir } from '../src/storage/files.ts'
import { createLesson, createSession, DAY, HOUR, MINUTE } from './catalogue-fixtures.ts'
import { APP_ORIGIN, createUser, sameDatabase, setupTestApp } from './helpers.ts'

const NOW = new Date()
const ago = (ms: number) => new Date(NOW.getTime() - ms)

/** A minimal SMTP server: accepts every message and counts them by their Subject. */
const startSmtp = async () => {
  const subjects: string[] = []
  const server: Server = createServer((socket) => {
    let inData = false
    let message = ''
    socket.write('220 fake ESMTP\r\n')
    socket.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false
            subjects.push(/^Subject: (.*)$/m.exec(message)?.[1] ?? '')
            message = ''
            socket.write('250 queued\r\n')
          } else message += `${line}\n`
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n')
        else if (verb === 'DATA') {
          inData = true
          socket.write('354 go on\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else if (line !== '') socket.write('250 ok\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { url: `smtp://127.0.0.1:${port}`, subjects, close: () => server.close() }
}

const smtp = await startSmtp()
afterAll(() => smtp.close())

describe.each(['folder', 'database'] as const)('housekeeping (files in the %s)', (storage) => {
  const context = setupTestApp({
    env: () => ({ FILE_STORAGE: storage, SMTP_URL: smtp.url }),
  })

  it('purges expired sessions, tokens and rate-limit counters, keeping live ones', async () => {
    const student = await createUser(context.db)
    await context.db.insert(authSessions).values([
      { tokenHash: hashToken('old'), userId: student.id, persistent: false, expiresAt: ago(1) },
      { tokenHash: hashToken('live'), userId: student.id, persistent: true, expiresAt: NOW },
    ])
    await context.db.insert(userTokens).values([
      // Expired a day ago and a moment: gone; expired exactly a day ago: kept until then.
      { userId: student.id, kind: 'confirm', tokenHash: 'a', expiresAt: ago(DAY + 1) },
      { userId: student.id, kind: 'confirm', tokenHash: 'b', expiresAt: ago(DAY) },
      {
        userId: student.id,
        kind: 'reset',
        tokenHash: 'c',
        expiresAt: new Date(NOW.getTime() + HOUR),
        usedAt: ago(DAY + 1),
      },
      {
        userId: student.id,
        kind: 'reset',
        tokenHash: 'd',
        expiresAt: new Date(NOW.getTime() + HOUR),
      },
    ])
    await context.db.insert(rateLimitCounters).values([
      { key: 'old', hits: 5, resetAt: ago(1) },
      { key: 'live', hits: 5, resetAt: new Date(Date.now() + MINUTE) },
    ])

    const report = await context.app.housekeeping(NOW)
    expect(report).toMatchObject({ sessions: 1, tokens: 2 })
    const sessions = await context.db.select().from(authSessions)
    expect(sessions.map((row) => row.tokenHash)).toEqual([hashToken('live')])
    const tokens = await context.db.select().from(userTokens)
    expect(tokens.map((row) => row.tokenHash).sort()).toEqual(['b', 'd'])
    const counters = await context.db.select().from(rateLimitCounters)
    expect(counters.map((row) => row.key)).toEqual(['live'])
  })

  it('closes seat holds six hours after they expired, not a moment before', async () => {
    const educator = await createUser(context.db, { role: 'educator' })
    const lesson = await createLesson(context.db, educator, { priceInCents: 1500 })
    const sessionRow = await createSession(context.db, lesson, { startsIn: 3 * DAY })
    const [late, onTheDot] = await Promise.all([createUser(context.db), createUser(context.db)])
    const hold = (userId: number, holdExpiresAt: Date) => ({
      userId,
      lessonId: lesson.id,
      sessionId: sessionRow.id,
      status: 'processing' as const,
      amountInCents: 1500,
      holdExpiresAt,
    })
    const rows = await context.db
      .insert(payments)
      .values([hold(late.id, ago(6 * HOUR + 1)), hold(onTheDot.id, ago(6 * HOUR))])
      .returning()

    expect((await context.app.housekeeping(NOW)).holds).toBe(1)
    const statusOf = async (id: number) =>
      (await context.db.select().from(payments).where(eq(payments.id, id)))[0]?.status
    expect(await statusOf(rows[0]?.id ?? 0)).toBe('cancelled')
    expect(await statusOf(rows[1]?.id ?? 0)).toBe('processing')
  })

  it('deletes sent e-mails after 30 days and webhook ids after 30 days', async () => {
    const mail = { to: 'x@example.com', subject: 's', text: 't', html: 'h' }
    await context.db.insert(outbox).values([
      { ...mail, subject: 'old', sentAt: ago(30 * DAY + 1) },
      { ...mail, subject: 'recent', sentAt: ago(30 * DAY) },
    ])
    await context.db.insert(webhookEvents).values([
      { eventId: 'WH-old', eventType: 'X', receivedAt: ago(30 * DAY + 1) },
      { eventId: 'WH-recent', eventType: 'X', receivedAt: ago(30 * DAY) },
    ])
    await context.app.housekeeping(NOW)
    expect((await context.db.select().from(outbox)).map((row) => row.subject)).toEqual(['recent'])
    expect((await context.db.select().from(webhookEvents)).map((row) => row.eventId)).toEqual([
      'WH-recent',
    ])
  })

  it('removes stored bytes that no file row names once they are an hour old', async () => {
    const educator = await createUser(context.db, { role: 'educator' })
    const bytes = Buffer.from('%PDF-1.4 bytes')
    for (const key of ['orphan-old', 'orphan-fresh', 'kept-old']) {
      await context.app.storage.put(key, bytes)
    }
    await context.db.insert(files).values({
      ownerId: educator.id,
      kind: 'material',
      filename: 'notes.pdf',
      mimeType: 'application/pdf',
      size: bytes.length,
      storageKey: 'kept-old',
    })
    const hourAgo = ago(HOUR + 1000)
    if (storage === 'folder') {
      const dir = uploadsDir(context.dataDir)
      for (const key of ['orphan-old', 'kept-old']) await utimes(join(dir, key), hourAgo, hourAgo)
    } else {
      await context.db
        .update(storedFiles)
        .set({ createdAt: hourAgo })
        .where(inArray(storedFiles.key, ['orphan-old', 'kept-old']))
    }

    expect((await context.app.housekeeping(NOW)).orphanFiles).toBe(1)
    expect(await context.app.storage.get('orphan-old')).toBeNull()
    expect(await context.app.storage.get('orphan-fresh')).toEqual(bytes)
    expect(await context.app.storage.get('kept-old')).toEqual(bytes)
  })
})

describe('e-mails left unsent', () => {
  const apps: Awaited<ReturnType<typeof buildApp>>[] = []
  const context = setupTestApp({ env: () => ({ SMTP_URL: smtp.url }) })

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()))
  })

  it('are sent again once a minute old, once each even when two instances sweep at once', async () => {
    const mail = { to: 'x@example.com', text: 't', html: '<p>t</p>' }
    await context.db.insert(outbox).values([
      { ...mail, subject: 'stale-1', createdAt: ago(MINUTE + 1000) },
      { ...mail, subject: 'stale-2', createdAt: ago(2 * MINUTE) },
      // Still the request's own to deliver.
      { ...mail, subject: 'fresh', createdAt: new Date() },
      { ...mail, subject: 'sent', createdAt: ago(DAY), sentAt: ago(DAY) },
    ])
    // A second instance on the same database.
    const second = await buildApp({
      config: loadConfig({ APP_ORIGIN, SEED_DEMO: 'false', SMTP_URL: smtp.url }),
      database: sameDatabase(context),
      closeDatabase: false,
      workJobs: false,
    })
    apps.push(second)
    await second.ready()
    smtp.subjects.length = 0

    const [first, other] = await Promise.all([
      context.app.mailer.retryUnsent(),
      second.mailer.retryUnsent(),
    ])
    expect(first + other).toBe(2)
    expect(smtp.subjects.sort()).toEqual(['stale-1', 'stale-2'])
    const unsent = await context.db.select().from(outbox)
    expect(unsent.filter((row) => row.sentAt === null).map((row) => row.subject)).toEqual(['fresh'])
    // A second sweep finds nothing more to send.
    expect(await context.app.mailer.retryUnsent()).toBe(0)
  })
})
