import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asc, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { API_PREFIX, buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { type Database, openDatabase } from '../src/db/client.ts'
import { outbox } from '../src/db/schema.ts'
import { cookieFor, createLesson, createSession, DAY } from './catalogue-fixtures.ts'
import { APP_ORIGIN, createUser, emptyDatabaseImage, icsInstant, urlOf } from './helpers.ts'

/**
 * E-mails over real SMTP: a local SMTP server (smtp-server) receives what the app sends through
 * nodemailer with SMTP_URL, and mailparser reads it as a mail client would. The app runs on an
 * embedded database in a data folder, so it can stop and start again on what it left.
 */

/** A message as it arrived: the raw text and what a mail client reads from it. */
interface Arrived {
  raw: string
  mail: ParsedMail
}

const arrived: Arrived[] = []
/** Whether the SMTP server accepts the next message; it answers 451 (try later) otherwise. */
let accepts: () => boolean = () => true

const smtp = new SMTPServer({
  authOptional: true,
  secure: false,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      if (!accepts()) {
        callback(Object.assign(new Error('Try again later'), { responseCode: 451 }))
        return
      }
      const raw = Buffer.concat(chunks).toString('utf8')
      simpleParser(raw).then(
        (mail) => {
          arrived.push({ raw, mail })
          callback()
        },
        (error: Error) => callback(error),
      )
    })
  },
})

/** The data folder of the test's server. */
let dataDir = ''
let smtpUrl = ''
let running: { app: FastifyInstance; db: Database } | undefined

/** Starts the app on the data folder with SMTP_URL: a new one first, then as it was left. */
const start = async (fresh: boolean) => {
  if (fresh) dataDir = await mkdtemp(join(tmpdir(), 'manabi-smtp-'))
  const database = await openDatabase(
    fresh ? { dataDir, image: await emptyDatabaseImage() } : { dataDir },
  )
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_ORIGIN,
    SEED_DEMO: 'false',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Manabi <no-reply@manabi.example>',
  })
  // The test runs the outbox's retry itself, when it chooses.
  const app = await buildApp({
    config,
    database,
    workJobs: false,
  })
  await app.ready()
  running = { app, db: database.db }
  return running
}

/** Stops the app and its database, as a server that shuts down. */
const stop = async () => {
  await running?.app.close()
  running = undefined
}

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  // No TLS on this local server, and nodemailer is told not to ask for it.
  smtpUrl = `smtp://127.0.0.1:${port}?ignoreTLS=true`
  // The migrated database each test's server starts from, made once (a few seconds).
  await emptyDatabaseImage()
})

afterEach(async () => {
  await stop()
  await rm(dataDir, { recursive: true, force: true })
  arrived.length = 0
  accepts = () => true
})

afterAll(async () => {
  await stop()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

/** A free lesson with `count` sessions in Tokyo, a day apart, and a Japanese student. */
const world = async (db: Database, count: number) => {
  const educator = await createUser(db, { role: 'educator' })
  const lesson = await createLesson(db, educator, {
    title: '日本語会話入門',
    about: 'ゆっくり話す練習です。',
  })
  const lessonSessions = []
  for (let day = 1; day <= count; day += 1) {
    lessonSessions.push(await createSession(db, lesson, { startsIn: day * DAY }))
  }
  const student = await createUser(db, {
    name: '山田 花子',
    email: 'hanako@manabi.example',
    language: 'jp-JP',
  })
  return { lesson, sessions: lessonSessions, student, cookie: await cookieFor(db, student) }
}

/** The student enrolls through the API; the confirmation is sent before the answer. */
const enroll = async (
  app: FastifyInstance,
  cookie: string,
  lessonId: number,
  sessionId: number,
) => {
  const response = await app.inject({
    method: sessions.enroll.method,
    url: `${API_PREFIX}${urlOf(sessions.enroll, { params: { id: lessonId, sessionId } })}`,
    headers: { origin: APP_ORIGIN, cookie },
  })
  expect(response.statusCode).toBe(201)
}

const outboxRows = (db: Database) => db.select().from(outbox).orderBy(asc(outbox.id))

/** Makes every unsent e-mail old enough for the outbox's retry to claim it. */
const ageOutbox = (db: Database) =>
  db.execute(sql`update outbox set created_at = now() - interval '2 minutes'`)

// Each test starts the server on a data folder of its own (PGlite on disk): a few seconds alone,
// past the default 15 s when the whole suite shares the machine (CI once took 15.2 s here).
describe('e-mails over SMTP', { timeout: 30_000 }, () => {
  it("deliver a Japanese student's confirmation, encoded, with its calendar file", async () => {
    const { app, db } = await start(true)
    const s = await world(db, 1)
    const session = s.sessions[0]!

    await enroll(app, s.cookie, s.lesson.id, session.id)

    expect(arrived).toHaveLength(1)
    const [{ raw, mail }] = arrived as [Arrived]
    const [row] = await outboxRows(db)
    expect(row?.sentAt).not.toBeNull()
    // A header is ASCII: the Japanese subject travels RFC 2047-encoded and reads back whole.
    const subjectHeader = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1] ?? ''
    expect(subjectHeader).toMatch(/^=\?UTF-8\?[BQ]\?/i)
    expect(subjectHeader).not.toContain('日本語')
    expect(mail.subject).toBe('まなび: 「日本語会話入門」の受講が確定しました')
    expect(mail.messageId).toBe(`<${row!.messageId}@manabi.example>`)
    expect(mail.to).toMatchObject({ text: 'hanako@manabi.example' })
    expect(mail.from?.value).toEqual([{ address: 'no-reply@manabi.example', name: 'Manabi' }])
    // A text part and an HTML part, as the outbox wrote them.
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/im)
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/im)
    expect(mail.text?.trimEnd()).toBe(row?.text)
    expect(mail.text).toContain('山田 花子 様')
    expect(mail.text).toContain('日本時間の「日本語会話入門」の受講登録が完了しました。')
    expect(mail.html).toBe(row?.html)
    expect(mail.html).toContain('<p>山田 花子 様</p>')
    // The session's event, in the student's language.
    expect(mail.attachments).toHaveLength(1)
    const [calendar] = mail.attachments
    expect(calendar?.contentType).toBe('text/calendar')
    expect(calendar?.filename).toBe(`session-${session.id}.ics`)
    // Unfolded: iCalendar folds long lines.
    const ics = (calendar?.content.toString('utf8') ?? '').replace(/\r\n[ \t]/g, '')
    expect(ics).toContain('PRODID:-//Manabi//Manabi//JA\r\n')
    expect(ics).toContain(`UID:session-${session.id}@localhost:3000\r\n`)
    expect(ics).toContain(`DTSTART:${icsInstant(session.startTime)}\r\n`)
    expect(ics).toContain(`DTEND:${icsInstant(session.endTime)}\r\n`)
    expect(ics).toContain('SUMMARY:日本語会話入門\r\n')
    expect(ics).toContain('参加リンクは開始5分前からレッスンページに表示されます。')
  })

  // Two servers open the same data folder in turn (PGlite on disk): seconds alone, three times
  // that while the whole suite shares the machine.
  it(
    'send every message once when the server restarts with some left in the outbox',
    { timeout: 45_000 },
    async () => {
      const first = await start(true)
      const s = await world(first.db, 3)
      // The SMTP server takes the first message, then is unavailable for a while.
      let taken = 0
      accepts = () => {
        taken += 1
        return taken === 1
      }
      for (const session of s.sessions) await enroll(first.app, s.cookie, s.lesson.id, session.id)
      expect(arrived).toHaveLength(1)
      await ageOutbox(first.db)
      await stop()

      // The server starts again on the same data; the SMTP server is back.
      accepts = () => true
      const second = await start(false)
      expect(await second.app.mailer.retryUnsent()).toBe(2)
      expect(await second.app.mailer.retryUnsent()).toBe(0)

      const rows = await outboxRows(second.db)
      expect(rows).toHaveLength(3)
      expect(rows.every((row) => row.sentAt !== null)).toBe(true)
      expect(arrived.map(({ mail }) => mail.messageId).sort()).toEqual(
        rows.map((row) => `<${row.messageId}@manabi.example>`).sort(),
      )
      // Random per row, not the row's id, which every new database numbers from 1 again.
      expect(new Set(rows.map((row) => row.messageId)).size).toBe(3)
      expect(rows[0]?.messageId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
      expect(arrived.map(({ mail }) => mail.attachments[0]?.filename).sort()).toEqual(
        s.sessions.map((session) => `session-${session.id}.ics`).sort(),
      )
    },
  )

  it('send a message again under the same Message-ID when it was taken but not marked sent', async () => {
    const { app, db } = await start(true)
    const s = await world(db, 1)
    // The crash window: the SMTP server has the message, the outbox never hears it was sent.
    await db.execute(
      sql.raw(`create function refuse_sent() returns trigger language plpgsql as $$
        begin raise exception 'injected failure'; end $$`),
    )
    await db.execute(
      sql.raw(`create trigger injected_failure before update of sent_at on "outbox"
        for each row when (new.sent_at is not null) execute function refuse_sent()`),
    )
    await enroll(app, s.cookie, s.lesson.id, s.sessions[0]!.id)
    expect(arrived).toHaveLength(1)
    expect((await outboxRows(db))[0]?.sentAt).toBeNull()

    await db.execute(sql.raw('drop trigger injected_failure on "outbox"'))
    await ageOutbox(db)
    expect(await app.mailer.retryUnsent()).toBe(1)

    // Sent twice, and one message to a mail client: the Message-ID is the outbox row's.
    expect(arrived).toHaveLength(2)
    const [row] = await outboxRows(db)
    expect(row?.sentAt).not.toBeNull()
    expect(arrived.map(({ mail }) => mail.messageId)).toEqual([
      `<${row!.messageId}@manabi.example>`,
      `<${row!.messageId}@manabi.example>`,
    ])
    expect(arrived[1]?.mail.text).toBe(arrived[0]?.mail.text)
  })
})
