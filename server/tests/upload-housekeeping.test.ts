import { readdir } from 'node:fs/promises'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as lessonCalls from '../../contract/descriptors/lessons.ts'
import * as resourceCalls from '../../contract/descriptors/resources.ts'
import { MESSAGES, messageFields } from '../../contract/messages.ts'
import { files, lessons, resources, storedFiles } from '../src/db/schema.ts'
import { lockLessonFile } from '../src/repositories/materials.ts'
import { uploadsDir } from '../src/storage/files.ts'
import { cookieFor, createLesson, DAY, multipartFile, PNG_BYTES } from './catalogue-fixtures.ts'
import { createUser, type TestContext, setupTestApp } from './helpers.ts'

/**
 * Uploads that no lesson shows as its cover and no material offers are removed, row and bytes,
 * once older than UNATTACHED_UPLOAD_HOURS (a day by default); and an educator's uploads, used
 * or not, stay within UPLOAD_QUOTA_MB, one upload after another or all at once.
 */

const STORAGES = ['folder', 'database'] as const
type Storage = (typeof STORAGES)[number]

/** An approved educator with a lesson, signed in. */
const educatorWithLesson = async (context: TestContext) => {
  const educator = await createUser(context.db, { role: 'educator' })
  const lesson = await createLesson(context.db, educator)
  return { educator, lesson, cookie: await cookieFor(context.db, educator) }
}

type Educator = Awaited<ReturnType<typeof educatorWithLesson>>

/** A cover (PNG by its content) of `size` bytes, uploaded as a browser does. */
const uploadCover = (context: TestContext, who: Educator, size = PNG_BYTES.length) => {
  const bytes = Buffer.alloc(size, 0)
  PNG_BYTES.copy(bytes)
  const { body, headers } = multipartFile('image', 'cover.png', bytes, 'image/png')
  return context.call(lessonCalls.uploadLessonImage, { cookie: who.cookie, body, headers })
}

/** A text material of `size` bytes, uploaded to the educator's lesson. */
const uploadMaterial = (context: TestContext, who: Educator, size: number) => {
  const { body, headers } = multipartFile(
    'file',
    'notes.txt',
    Buffer.alloc(size, 0x61),
    'text/plain',
  )
  return context.call(resourceCalls.uploadResourceFile, {
    params: { id: who.lesson.id },
    cookie: who.cookie,
    body,
    headers,
  })
}

const idOf = (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(201)
  return (response.json() as { id: number }).id
}

/** The keys of every file's bytes in storage, whichever the kind. */
const storedKeys = async (context: TestContext, storage: Storage) =>
  storage === 'folder'
    ? (await readdir(uploadsDir(context.dataDir)).catch((): string[] => [])).sort()
    : (await context.db.select({ key: storedFiles.key }).from(storedFiles))
        .map((row) => row.key)
        .sort()

const fileRows = (context: TestContext) => context.db.select().from(files).orderBy(files.id)

describe.each(STORAGES)('uploads attached to nothing (files in the %s)', (storage) => {
  const context = setupTestApp({ env: () => ({ FILE_STORAGE: storage }) })

  /** Dates the files' uploads at `instant` (to the millisecond, as the sweep's cutoff is). */
  const uploadedAt = (ids: number[], instant: Date) =>
    context.db.update(files).set({ createdAt: instant }).where(inArray(files.id, ids))

  it('removes a cover and a material file a day and a moment old, row and bytes; not a moment sooner', async () => {
    const who = await educatorWithLesson(context)
    const cover = idOf(await uploadCover(context, who))
    const material = idOf(await uploadMaterial(context, who, 100))
    const uploaded = new Date(Date.now() - 1000)
    await uploadedAt([cover, material], uploaded)
    const keys = (await fileRows(context)).map((row) => row.storageKey)
    expect(await storedKeys(context, storage)).toEqual([...keys].sort())

    // Exactly a day old: kept, bytes and all.
    const atTheAge = await context.app.housekeeping(new Date(uploaded.getTime() + DAY))
    expect((await fileRows(context)).map((row) => row.id)).toEqual([cover, material])
    for (const key of keys) expect(await context.app.storage.get(key)).not.toBeNull()

    // A millisecond past the day: both go, row and bytes.
    const past = await context.app.housekeeping(new Date(uploaded.getTime() + DAY + 1))
    expect(await fileRows(context)).toEqual([])
    for (const key of keys) expect(await context.app.storage.get(key)).toBeNull()
    expect(await storedKeys(context, storage)).toEqual([])
    expect([atTheAge.unattachedUploads, past.unattachedUploads]).toEqual([0, 2])
  })

  it('keeps a cover a lesson shows and a file a material offers, however old', async () => {
    const who = await educatorWithLesson(context)
    const cover = idOf(await uploadCover(context, who))
    const material = idOf(await uploadMaterial(context, who, 100))
    const unused = idOf(await uploadMaterial(context, who, 50))
    await context.db.update(lessons).set({ imageId: cover }).where(eq(lessons.id, who.lesson.id))
    await context.db.insert(resources).values({
      lessonId: who.lesson.id,
      title: 'Notes',
      type: 'text',
      url: `http://localhost:3000/api/files/${material}`,
      fileId: material,
    })
    const longAgo = new Date(Date.now() - 365 * DAY)
    await uploadedAt([cover, material, unused], longAgo)

    const report = await context.app.housekeeping()
    const rows = await fileRows(context)
    expect(rows.map((row) => row.id)).toEqual([cover, material])
    expect(await storedKeys(context, storage)).toEqual(rows.map((row) => row.storageKey).sort())
    expect(report.unattachedUploads).toBe(1)
  })

  it('keeps a file that is being attached while the sweep runs', async () => {
    const who = await educatorWithLesson(context)
    const material = idOf(await uploadMaterial(context, who, 100))
    await uploadedAt([material], new Date(Date.now() - 2 * DAY))
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let locked = () => {}
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve
    })
    // As createResource does: the file's row locked, the material inserted, then the commit.
    const attaching = context.db.transaction(async (tx) => {
      await lockLessonFile(tx, material, who.lesson.id)
      await tx.insert(resources).values({
        lessonId: who.lesson.id,
        title: 'Notes',
        type: 'text',
        url: `http://localhost:3000/api/files/${material}`,
        fileId: material,
      })
      locked()
      await held
    })
    await isLocked
    const sweep = context.app.housekeeping()
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    await attaching
    await sweep
    expect((await fileRows(context)).map((row) => row.id)).toEqual([material])
    const [resource] = await context.db.select().from(resources)
    expect(resource?.fileId).toBe(material)
    // Once attached, later sweeps keep it too.
    await context.app.housekeeping()
    expect((await fileRows(context)).map((row) => row.id)).toEqual([material])
  })
})

describe.each(STORAGES)('the storage quota (files in the %s)', (storage) => {
  const QUOTA_MB = 1
  const QUOTA = QUOTA_MB * 1024 * 1024
  const context = setupTestApp({
    env: () => ({ FILE_STORAGE: storage, UPLOAD_QUOTA_MB: String(QUOTA_MB) }),
  })

  const refusal = () => ({
    statusCode: 413,
    error: 'Payload Too Large',
    ...messageFields(MESSAGES.uploads.quotaExceeded({ quota: '1 MB' })),
    storageQuotaMb: QUOTA_MB,
  })

  it('takes uploads up to the quota and refuses the one that crosses it, storing nothing', async () => {
    const who = await educatorWithLesson(context)
    idOf(await uploadMaterial(context, who, QUOTA - 2 - PNG_BYTES.length))
    idOf(await uploadCover(context, who))
    // One byte under the quota after this one: it fits.
    idOf(await uploadMaterial(context, who, 1))
    const before = { rows: await fileRows(context), keys: await storedKeys(context, storage) }

    // Two bytes would cross it by one; a cover counts as much as a material file.
    for (const refused of [
      await uploadMaterial(context, who, 2),
      await uploadCover(context, who, PNG_BYTES.length + 1),
    ]) {
      expect(refused.statusCode).toBe(413)
      expect(refused.json()).toEqual({ ...refusal(), requestId: expect.any(String) as string })
    }
    expect(await fileRows(context)).toEqual(before.rows)
    expect(await storedKeys(context, storage)).toEqual(before.keys)

    // Exactly at the quota still fits; past it nothing does.
    idOf(await uploadMaterial(context, who, 1))
    expect((await uploadMaterial(context, who, 1)).statusCode).toBe(413)
    const rows = await fileRows(context)
    expect(rows.reduce((sum, row) => sum + row.size, 0)).toBe(QUOTA)

    // Each educator has a quota of their own.
    const other = await educatorWithLesson(context)
    idOf(await uploadMaterial(context, other, QUOTA))
  })

  it('counts unattached uploads until the sweep removes them', async () => {
    const who = await educatorWithLesson(context)
    const first = idOf(await uploadMaterial(context, who, QUOTA))
    expect((await uploadCover(context, who)).statusCode).toBe(413)
    await context.db
      .update(files)
      .set({ createdAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(files.id, first))
    await context.app.housekeeping()
    idOf(await uploadCover(context, who))
  })

  it('lets parallel uploads that together cross the quota store only what fits', async () => {
    const who = await educatorWithLesson(context)
    // The folder keeps what earlier tests stored (only the tables are emptied between tests).
    const earlier = await storedKeys(context, storage)
    const SIZE = 300_000
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        index % 2 === 0 ? uploadMaterial(context, who, SIZE) : uploadCover(context, who, SIZE),
      ),
    )
    const fits = Math.floor(QUOTA / SIZE)
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(fits)
    for (const response of responses.filter((each) => each.statusCode !== 201)) {
      expect(response.statusCode).toBe(413)
      expect(response.json()).toEqual({ ...refusal(), requestId: expect.any(String) as string })
    }
    const rows = await fileRows(context)
    expect(rows).toHaveLength(fits)
    expect(rows.reduce((sum, row) => sum + row.size, 0)).toBeLessThanOrEqual(QUOTA)
    const keys = (await storedKeys(context, storage)).filter((key) => !earlier.includes(key))
    expect(keys).toEqual(rows.map((row) => row.storageKey).sort())
  })
})
