import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { Descriptor } from '../../contract/descriptor.ts'
import * as lessons from '../../contract/descriptors/lessons.ts'
import * as resources from '../../contract/descriptors/resources.ts'
import * as sessions from '../../contract/descriptors/sessions.ts'
import { API_PREFIX, buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/client.ts'
import { users, videoLicences } from '../src/db/schema.ts'
import { cookieFor, createCategory, multipartFile, PNG_BYTES } from './catalogue-fixtures.ts'
import { type Address, APP_ORIGIN, createUser, emptyDatabaseImage, urlOf } from './helpers.ts'
import { PDF } from './material-files.ts'

/**
 * The embedded database and the uploads folder are the product's memory: what an educator
 * authored is all there after the server stops and starts again on the same data folder.
 */
const dataDir = await mkdtemp(join(tmpdir(), 'manabi-restart-'))

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

/** The server's app on the data folder: a new one (from the empty image) first, then as left. */
const start = async (fresh: boolean) => {
  const database = await openDatabase(
    fresh ? { dataDir, image: await emptyDatabaseImage() } : { dataDir },
  )
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_ORIGIN, SEED_DEMO: 'false' })
  const app = await buildApp({ config, database })
  await app.ready()
  const call = async (
    descriptor: Descriptor,
    cookie: string,
    address: Address = {},
    payload?: { body: unknown; headers?: Record<string, string> },
  ) => {
    const response = await app.inject({
      method: descriptor.method,
      url: `${API_PREFIX}${urlOf(descriptor, address)}`,
      headers: { origin: APP_ORIGIN, cookie, ...payload?.headers },
      ...(payload ? { payload: payload.body as string } : {}),
    })
    return {
      status: response.statusCode,
      json: () => response.json<Record<string, unknown>>(),
      response,
    }
  }
  return { app, db: database.db, call }
}

// Always the embedded database, even in the PostgreSQL run: it is what `npm start` keeps a
// newcomer's data in, and the data folder it shares with the uploads is what a restart reopens.
describe('a server restart', () => {
  it('keeps a lesson with its cover, sessions and materials', async () => {
    const first = await start(true)
    const educator = await createUser(first.db, { role: 'educator' })
    const [licence] = await first.db
      .insert(videoLicences)
      .values({ provider: 'zoom', accountEmail: 'restart@pool.example' })
      .returning()
    await first.db
      .update(users)
      .set({ videoLicenceId: licence!.id })
      .where(eq(users.id, educator.id))
    const cookie = await cookieFor(first.db, educator)
    const category = await createCategory(first.db)

    const image = await first.call(
      lessons.uploadLessonImage,
      cookie,
      {},
      multipartFile('image', 'cover.png', PNG_BYTES, 'image/png'),
    )
    expect(image.status).toBe(201)
    const created = await first.call(
      lessons.createLesson,
      cookie,
      {},
      {
        body: {
          title: 'Kept lesson',
          categoryId: category.id,
          price_in_cents: 2500,
          min_slots: 1,
          max_slots: 4,
          imageId: image.json().id,
        },
      },
    )
    expect(created.status, created.response.body).toBe(201)
    const lessonId = created.json().id as number
    const updated = await first.call(
      lessons.updateLesson,
      cookie,
      { params: { id: lessonId } },
      {
        body: {
          title: 'Kept lesson',
          categoryId: category.id,
          price_in_cents: 2500,
          min_slots: 1,
          max_slots: 4,
          about: 'About it',
          details: 'In detail',
        },
      },
    )
    expect(updated.status, updated.response.body).toBe(200)
    const session = await first.call(
      sessions.createSession,
      cookie,
      { params: { id: lessonId } },
      {
        body: {
          date: '2099-05-01',
          startHour: '10:00',
          endHour: '11:00',
          timezone: 'Asia/Tokyo',
          url: 'https://zoom.us/j/123456',
        },
      },
    )
    expect(session.status, session.response.body).toBe(201)
    const file = await first.call(
      resources.uploadResourceFile,
      cookie,
      { params: { id: lessonId } },
      multipartFile('file', 'notes.pdf', PDF),
    )
    expect(file.status, file.response.body).toBe(201)
    const { id: fileId, path } = file.json() as { id: number; path: string }
    for (const body of [
      { title: 'Notes', type: 'document', url: path, description: '', fileId },
      { title: 'Reading', type: 'link', url: 'example.org/reading', description: 'Chapter one' },
    ]) {
      const material = await first.call(
        resources.createResource,
        cookie,
        { params: { id: lessonId } },
        { body },
      )
      expect(material.status, material.response.body).toBe(201)
    }
    const before = {
      lesson: (await first.call(lessons.getLesson, cookie, { params: { id: lessonId } })).json(),
      sessions: (
        await first.call(sessions.listSessions, cookie, { params: { id: lessonId } })
      ).json(),
      materials: (
        await first.call(resources.listResources, cookie, { params: { id: lessonId } })
      ).json(),
    }
    await first.app.close()

    const second = await start(false)
    try {
      expect(
        (await second.call(lessons.getLesson, cookie, { params: { id: lessonId } })).json(),
      ).toEqual(before.lesson)
      expect(
        (await second.call(sessions.listSessions, cookie, { params: { id: lessonId } })).json(),
      ).toEqual(before.sessions)
      expect(
        (await second.call(resources.listResources, cookie, { params: { id: lessonId } })).json(),
      ).toEqual(before.materials)
      const cover = await second.call(lessons.lessonImage, cookie, { params: { id: lessonId } })
      expect(cover.status).toBe(200)
      expect(cover.response.rawPayload.equals(PNG_BYTES)).toBe(true)
      const notes = await second.call(resources.downloadFile, cookie, { params: { fileId } })
      expect(notes.status).toBe(200)
      expect(notes.response.rawPayload.equals(PDF)).toBe(true)
    } finally {
      await second.app.close()
    }
    // Two servers start on a file-backed database one after the other: slow on a busy machine.
  }, 180_000)
})
