import { eq } from 'drizzle-orm'
import Value from 'typebox/value'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Descriptor } from '../../contract/descriptor.ts'
import * as resources from '../../contract/descriptors/resources.ts'
import {
  createResource,
  renameResource,
  updateResource,
  uploadResourceFile,
} from '../../contract/endpoints/resources.ts'
import { filePath } from '../../contract/files.ts'
import { MESSAGES } from '../../contract/messages.ts'
import { UPLOAD_LIMIT_BYTES } from '../../contract/rules.ts'
import { files, resources as resourceRows } from '../src/db/schema.ts'
import {
  cookieFor,
  createCast,
  createLesson,
  multipartFile,
  PNG_BYTES,
  userOf,
  type Cast,
} from './catalogue-fixtures.ts'
import { type ApiResponse, bodyOf, createUser, errorOf, setupTestApp } from './helpers.ts'
import {
  CFB,
  DOCX,
  EXE,
  JPEG,
  ODP,
  ODS,
  ODT,
  PDF,
  PPTX,
  RTF,
  TEXT,
  XLSX,
} from './material-files.ts'
import { createFileResource, createLinkResource, createMaterialFile } from './materials-fixtures.ts'

const errorLog: string[] = []
const context = setupTestApp({ errorLog })

afterEach(() => {
  vi.restoreAllMocks()
  errorLog.length = 0
})

const NOT_OWNER = MESSAGES.lessons.notOwner.text

/** The cast and a lesson of its owner with a link and a file material. */
const scene = async () => {
  const cast = await createCast(context.db)
  const lesson = await createLesson(context.db, userOf(cast.owner))
  const link = await createLinkResource(context.db, lesson)
  const file = await createMaterialFile(context.app, context.db, lesson)
  const fileResource = await createFileResource(context.db, lesson, file)
  return { cast, lesson, link, file, fileResource, cookie: cast.owner.cookie }
}

const linkBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'NHK Easy',
  type: 'link',
  url: 'https://www3.nhk.or.jp/news/easy/',
  description: 'News in simple Japanese',
  ...overrides,
})

const upload = (
  lessonId: number | string,
  cookie: string | null,
  filename: string,
  bytes: Buffer,
  contentType?: string,
) => {
  const form = multipartFile('file', filename, bytes, contentType)
  return context.call(resources.uploadResourceFile, {
    params: { id: lessonId },
    cookie,
    body: form.body,
    headers: form.headers,
  })
}

const fileRow = async (fileId: number) => {
  const [row] = await context.db.select().from(files).where(eq(files.id, fileId))
  return row
}

const resourceRow = async (resourceId: number) => {
  const [row] = await context.db.select().from(resourceRows).where(eq(resourceRows.id, resourceId))
  return row
}

const expectProblems = (response: ApiResponse, status: number, message: string | string[]) => {
  expect(response.statusCode, response.body).toBe(status)
  expect(errorOf(response).message).toEqual(message)
}

describe('POST /lessons/:id/resources/upload', () => {
  it.each([
    ['notes.pdf', PDF, 'application/pdf', 'document'],
    ['grammar.doc', CFB, 'application/msword', 'document'],
    [
      'grammar.docx',
      DOCX,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'document',
    ],
    ['essay.odt', ODT, 'application/vnd.oasis.opendocument.text', 'document'],
    ['slides.ppt', CFB, 'application/vnd.ms-powerpoint', 'presentation'],
    [
      'slides.pptx',
      PPTX,
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'presentation',
    ],
    ['slides.odp', ODP, 'application/vnd.oasis.opendocument.presentation', 'presentation'],
    ['scores.xls', CFB, 'application/vnd.ms-excel', 'document'],
    [
      'scores.xlsx',
      XLSX,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'document',
    ],
    ['scores.ods', ODS, 'application/vnd.oasis.opendocument.spreadsheet', 'document'],
    ['phrases.txt', TEXT, 'text/plain; charset=utf-8', 'text'],
    ['letter.rtf', RTF, 'application/rtf', 'document'],
    ['photo.jpg', JPEG, 'image/jpeg', 'other'],
    ['PHOTO.JPEG', JPEG, 'image/jpeg', 'other'],
    ['chart.png', PNG_BYTES, 'image/png', 'other'],
  ])(
    'keeps %s by its content, typed from the bytes, as a %s… material',
    async (filename, bytes, mimeType, type) => {
      const { lesson, cookie, cast } = await scene()
      // The declared type is the client's word and is ignored.
      const response = await upload(lesson.id, cookie, filename, bytes, 'application/x-anything')
      expect(response.statusCode, response.body).toBe(201)
      expect(Value.Check(uploadResourceFile.response[201], response.json())).toBe(true)
      const uploaded = bodyOf(response)
      expect(uploaded).toEqual({ id: uploaded.id, filename, path: filePath(uploaded.id) })
      expect(await fileRow(uploaded.id)).toMatchObject({
        kind: 'material',
        lessonId: lesson.id,
        ownerId: userOf(cast.owner).id,
        filename,
        mimeType,
        size: bytes.length,
      })

      const created = await context.call(resources.createResource, {
        params: { id: lesson.id },
        cookie,
        body: {
          title: 'Handout',
          type: 'document',
          url: uploaded.path,
          description: '',
          lessonId: lesson.id,
          fileId: uploaded.id,
        },
      })
      expect(created.statusCode, created.body).toBe(201)
      expect(bodyOf(created)).toMatchObject({ type, url: uploaded.path, fileId: uploaded.id })

      const download = await context.callPath({ method: 'GET', url: uploaded.path, cookie })
      expect(download.statusCode).toBe(200)
      expect(download.headers['content-type']).toBe(mimeType)
      expect(download.rawPayload).toEqual(bytes)
    },
  )

  it.each([
    ['a PNG named .pdf', 'chart.pdf', PNG_BYTES],
    ['an executable named .txt', 'readme.txt', EXE],
    ['a docx named .xlsx', 'scores.xlsx', DOCX],
    ['a PDF named .doc', 'grammar.doc', PDF],
    ['text named .pdf', 'notes.pdf', TEXT],
    ['a PDF named .txt', 'notes.txt', PDF],
    ['text that is not UTF-8', 'latin.txt', Buffer.from([0x48, 0xe9, 0x6c, 0x6c, 0x6f])],
    ['an extension §5 does not allow', 'notes.exe', PDF],
    ['an SVG image', 'chart.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['no extension', 'notes', PDF],
  ])('refuses %s with 415 and stores nothing', async (_name, filename, bytes) => {
    const { lesson, cookie } = await scene()
    const before = await context.db.select().from(files)
    expectProblems(
      await upload(lesson.id, cookie, filename, bytes),
      415,
      MESSAGES.uploads.invalidType.text,
    )
    expect(await context.db.select().from(files)).toEqual(before)
  })

  it('refuses 10 MB and one byte with 413, keeps exactly 10 MB', async () => {
    const { lesson, cookie } = await scene()
    const tooLarge = Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 0x61)
    expectProblems(
      await upload(lesson.id, cookie, 'big.txt', tooLarge),
      413,
      MESSAGES.uploads.tooLarge.text,
    )
    const limit = await upload(lesson.id, cookie, 'big.txt', tooLarge.subarray(1))
    expect(limit.statusCode).toBe(201)
  })

  it('refuses a blank file name and a request without a file with 400', async () => {
    const { lesson, cookie } = await scene()
    for (const filename of ['   ', ' .pdf']) {
      expectProblems(await upload(lesson.id, cookie, filename, PDF), 400, [
        MESSAGES.uploads.blankName.text,
      ])
    }
    const otherField = multipartFile('image', 'notes.pdf', PDF)
    const wrongField = await context.call(resources.uploadResourceFile, {
      params: { id: lesson.id },
      cookie,
      body: otherField.body,
      headers: otherField.headers,
    })
    expectProblems(wrongField, 400, [MESSAGES.uploads.noFile.text])
    const json = await context.call(resources.uploadResourceFile, {
      params: { id: lesson.id },
      cookie,
      body: { file: 'notes.pdf' },
    })
    expectProblems(json, 400, [MESSAGES.uploads.noFile.text])
  })

  it.each([
    ['a quote', 'say %22hi%22.pdf', 'say "hi".pdf'],
    ['a line break', 'week%0D%0Aone.pdf', 'week one.pdf'],
    ['a line feed', 'week%0Aone.pdf', 'week one.pdf'],
  ])('keeps the name chosen when a browser sends %s escaped', async (_case, sent, name) => {
    const { lesson, cookie } = await scene()
    const response = await upload(lesson.id, cookie, sent, PDF)
    expect(response.statusCode).toBe(201)
    const uploaded = bodyOf(response)
    expect(uploaded.filename).toBe(name)
    const [stored] = await context.db.select().from(files).where(eq(files.id, uploaded.id))
    expect(stored?.filename).toBe(name)
  })

  it('trims the name it keeps', async () => {
    const { lesson, cookie } = await scene()
    const response = await upload(lesson.id, cookie, '  notes.pdf  ', PDF)
    expect(bodyOf(response).filename).toBe('notes.pdf')
  })
})

/** Every write, as `who` on the scene's lesson, with a valid body. */
type Scene = { lesson: { id: number }; link: { id: number } }

const writes = (current: Scene) => {
  const ids = { id: current.lesson.id, resourceId: current.link.id }
  return [
    [
      'upload',
      (cookie: string | null, params = { id: current.lesson.id }) =>
        upload(params.id, cookie, 'notes.pdf', PDF),
    ],
    [
      'create',
      (cookie: string | null, params = { id: current.lesson.id }) =>
        context.call(resources.createResource, { params, cookie, body: linkBody() }),
    ],
    [
      'update',
      (cookie: string | null, params: { id: number; resourceId?: number } = ids) =>
        context.call(resources.updateResource, {
          params: { id: params.id, resourceId: params.resourceId ?? ids.resourceId },
          cookie,
          body: linkBody({ title: 'Updated' }),
        }),
    ],
    [
      'rename',
      (cookie: string | null, params: { id: number; resourceId?: number } = ids) =>
        context.call(resources.renameResource, {
          params: { id: params.id, resourceId: params.resourceId ?? ids.resourceId },
          cookie,
          body: { title: 'Renamed' },
        }),
    ],
    [
      'delete',
      (cookie: string | null, params: { id: number; resourceId?: number } = ids) =>
        context.call(resources.deleteResource, {
          params: { id: params.id, resourceId: params.resourceId ?? ids.resourceId },
          cookie,
        }),
    ],
  ] as const
}

describe('who may write materials', () => {
  it.each([
    ['guest', 401, MESSAGES.http.unauthorized.text],
    ['student', 403, MESSAGES.http.forbidden.text],
    ['admin', 403, MESSAGES.http.forbidden.text],
    // Awaiting approval is refused with the route's declared access, before the lesson is read.
    ['unverifiedEducator', 403, MESSAGES.accounts.notApproved.text],
    ['anotherEducator', 403, NOT_OWNER],
  ] as const)(
    'refuses %s with %i on every write, changing nothing',
    async (who, status, message) => {
      const current = await scene()
      const before = {
        resources: await context.db.select().from(resourceRows),
        files: await context.db.select().from(files),
      }
      for (const [name, write] of writes(current)) {
        const response: ApiResponse<Descriptor> = await write(
          current.cast[who as keyof Cast].cookie,
        )
        expect(response.statusCode, `${name}: ${response.body}`).toBe(status)
        expect(errorOf(response).message, name).toBe(message)
      }
      expect(await context.db.select().from(resourceRows)).toEqual(before.resources)
      expect(await context.db.select().from(files)).toEqual(before.files)
    },
  )

  it('lets the owner make every write', async () => {
    const current = await scene()
    const expected = { upload: 201, create: 201, update: 200, rename: 200, delete: 200 }
    for (const [name, write] of writes(current)) {
      expect((await write(current.cookie)).statusCode, name).toBe(expected[name])
    }
  })

  it('refuses the owner awaiting approval', async () => {
    const educator = await createUser(context.db, { role: 'educator', approvedAt: null })
    const lesson = await createLesson(context.db, educator)
    const link = await createLinkResource(context.db, lesson)
    const cookie = await cookieFor(context.db, educator)
    const current = { ...(await scene()), lesson, link }
    for (const [name, write] of writes(current)) {
      const response: ApiResponse<Descriptor> = await write(cookie)
      expect(response.statusCode, name).toBe(403)
      expect(errorOf(response).message, name).toBe(MESSAGES.accounts.notApproved.text)
    }
  })

  it('answers 404 for an unknown lesson and a resource of another lesson, 400 for bad ids', async () => {
    const current = await scene()
    const other = await createLesson(context.db, userOf(current.cast.owner))
    const otherLink = await createLinkResource(context.db, other)
    for (const [name, write] of writes(current)) {
      const unknown: ApiResponse<Descriptor> = await write(current.cookie, { id: 999_999 })
      expectProblems(unknown, 404, 'Lesson not found')
      for (const id of [2 ** 31, 0, -1]) {
        const bad: ApiResponse<Descriptor> = await write(current.cookie, { id })
        expect(bad.statusCode, `${name} id ${id}`).toBe(400)
      }
      expect(
        ((await write(current.cookie, { id: 2 ** 31 - 1 })) as ApiResponse).statusCode,
        name,
      ).toBe(404)
      if (name === 'upload' || name === 'create') continue
      // The other lesson's material, named under this lesson.
      const misplaced: ApiResponse<Descriptor> = await write(current.cookie, {
        id: current.lesson.id,
        resourceId: otherLink.id,
      })
      expectProblems(misplaced, 404, 'Resource not found')
      const past: ApiResponse<Descriptor> = await write(current.cookie, {
        id: current.lesson.id,
        resourceId: 2 ** 31,
      })
      expect(past.statusCode, `${name} resourceId 2^31`).toBe(400)
    }
    expect(await resourceRow(otherLink.id)).toEqual(otherLink)
  })
})

describe('POST /lessons/:id/resources', () => {
  it('adds a link, trimmed, and lists it', async () => {
    const { lesson, cookie } = await scene()
    const response = await context.call(resources.createResource, {
      params: { id: lesson.id },
      cookie,
      body: linkBody({ title: '  NHK Easy ', description: ' News ', lessonId: lesson.id }),
    })
    expect(response.statusCode).toBe(201)
    expect(Value.Check(createResource.response[201], response.json())).toBe(true)
    const created = bodyOf(response)
    expect(created).toEqual({
      id: created.id,
      title: 'NHK Easy',
      type: 'link',
      url: 'https://www3.nhk.or.jp/news/easy/',
      description: 'News',
      lessonId: lesson.id,
      fileId: null,
    })
    const list = bodyOf(
      await context.call(resources.listResources, { params: { id: lesson.id }, cookie }),
    )
    expect(list.at(-1)).toEqual(created)
  })

  it('stores a url without a scheme as an absolute https url', async () => {
    const { lesson, cookie } = await scene()
    const response = await context.call(resources.createResource, {
      params: { id: lesson.id },
      cookie,
      body: linkBody({ url: 'www3.nhk.or.jp/news/easy/' }),
    })
    expect(bodyOf(response).url).toBe('https://www3.nhk.or.jp/news/easy/')
  })

  it.each([
    ['spaces', '   '],
    ['zero-width spaces', '\u200b\u200b'],
  ])(
    'reports every missing field of a link at once (a title and description of %s)',
    async (_, blank) => {
      const { lesson, cookie } = await scene()
      const response = await context.call(resources.createResource, {
        params: { id: lesson.id },
        cookie,
        body: linkBody({ title: blank, description: blank, url: '   ', fileId: 3 }),
      })
      expectProblems(response, 400, [
        'title is required',
        'description is required',
        'url is required',
        MESSAGES.materials.linkWithFile.text,
      ])
    },
  )

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(document.cookie)'],
    ['  javascript:alert(1)'],
    ['\u0001javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['javascript://example.com/%0aalert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['ftp://files.example.com/notes.pdf'],
    ['file:///etc/passwd'],
    ['mailto:teacher@example.com'],
    ['http://'],
    ['https://exa mple.com'],
    ['//evil.example/path'],
    ['\\\\evil.example'],
    ['https://bank.example@evil.example/'],
  ])('refuses the url %j with 400', async (url) => {
    const { lesson, cookie } = await scene()
    const before = await context.db.select().from(resourceRows)
    const response = await context.call(resources.createResource, {
      params: { id: lesson.id },
      cookie,
      body: linkBody({ url }),
    })
    expectProblems(response, 400, [MESSAGES.validation.webUrl({ field: 'url' }).text])
    expect(await context.db.select().from(resourceRows)).toEqual(before)
  })

  it.each([
    ['http://example.com/a', 'http://example.com/a'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['example.com', 'https://example.com'],
    ['localhost:3000/notes', 'https://localhost:3000/notes'],
    ['https://例え.jp/パス', 'https://例え.jp/パス'],
  ])('accepts the web url %j, stored as %j', async (url, stored) => {
    const { lesson, cookie } = await scene()
    const response = await context.call(resources.createResource, {
      params: { id: lesson.id },
      cookie,
      body: linkBody({ url }),
    })
    expect(response.statusCode).toBe(201)
    expect(bodyOf(response).url).toBe(stored)
  })

  it('refuses a lessonId other than the path', async () => {
    const { lesson, cookie } = await scene()
    const response = await context.call(resources.createResource, {
      params: { id: lesson.id },
      cookie,
      body: linkBody({ lessonId: lesson.id + 1 }),
    })
    expectProblems(response, 400, [MESSAGES.materials.lessonMismatch.text])
  })

  it('takes a file material’s type from its extension and its url from the file', async () => {
    const { lesson, cookie } = await scene()
    const uploaded = bodyOf(await upload(lesson.id, cookie, 'slides.pptx', PPTX))
    const response = await context.call(resources.createResource, {
      params: { id: lesson.id },
      cookie,
      body: {
        title: 'Slides',
        type: 'document',
        url: 'https://ignored.example',
        description: '',
        fileId: uploaded.id,
      },
    })
    expect(response.statusCode).toBe(201)
    expect(bodyOf(response)).toMatchObject({
      type: 'presentation',
      url: filePath(uploaded.id),
      fileId: uploaded.id,
    })
    expect((await resourceRow(bodyOf(response).id))?.url).toBe(filePath(uploaded.id))
  })

  it('refuses a file that is unknown, of another lesson, a cover image, or already used', async () => {
    const { lesson, cookie, cast, file } = await scene()
    const other = await createLesson(context.db, userOf(cast.owner))
    const otherFile = await createMaterialFile(context.app, context.db, other)
    const image = await createMaterialFile(context.app, context.db, lesson, {
      kind: 'image',
      filename: 'cover.png',
      bytes: PNG_BYTES,
    })
    const body = (fileId: number | null | undefined) => ({
      title: 'Notes',
      type: 'document',
      url: 'x',
      description: '',
      ...(fileId === undefined ? {} : { fileId }),
    })
    for (const fileId of [undefined, null, 999_999, otherFile.id, image.id]) {
      const response = await context.call(resources.createResource, {
        params: { id: lesson.id },
        cookie,
        body: body(fileId),
      })
      expectProblems(response, 400, [MESSAGES.materials.unknownFile.text])
    }
    const blank = await context.call(resources.createResource, {
      params: { id: lesson.id },
      cookie,
      body: { ...body(999_999), title: ' ' },
    })
    expectProblems(blank, 400, [
      MESSAGES.uploads.blankName.text,
      MESSAGES.materials.unknownFile.text,
    ])
    const used = await context.call(resources.createResource, {
      params: { id: lesson.id },
      cookie,
      body: body(file.id),
    })
    expectProblems(used, 400, [MESSAGES.materials.fileInUse.text])
  })

  it('refuses bodies the contract refuses', async () => {
    const { lesson, cookie } = await scene()
    for (const body of [
      {},
      linkBody({ type: 'video' }),
      linkBody({ title: '' }),
      linkBody({ url: 'x'.repeat(2049) }),
      linkBody({ fileId: 'abc' }),
    ]) {
      const response = await context.call(resources.createResource, {
        params: { id: lesson.id },
        cookie,
        body,
      })
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400)
    }
  })
})

describe('PUT /lessons/:id/resources/:resourceId', () => {
  it('replaces a link', async () => {
    const { lesson, link, cookie } = await scene()
    const response = await context.call(resources.updateResource, {
      params: { id: lesson.id, resourceId: link.id },
      cookie,
      body: linkBody({ title: 'Renamed link', url: 'example.org' }),
    })
    expect(response.statusCode).toBe(200)
    expect(Value.Check(updateResource.response[200], response.json())).toBe(true)
    expect(bodyOf(response)).toMatchObject({
      id: link.id,
      title: 'Renamed link',
      url: 'https://example.org',
      type: 'link',
    })
  })

  it('refuses a hostile url and changes nothing', async () => {
    const { lesson, link, cookie } = await scene()
    const response = await context.call(resources.updateResource, {
      params: { id: lesson.id, resourceId: link.id },
      cookie,
      body: linkBody({ url: 'javascript:alert(1)' }),
    })
    expectProblems(response, 400, [MESSAGES.validation.webUrl({ field: 'url' }).text])
    expect(await resourceRow(link.id)).toEqual(link)
  })

  it('swapping the file deletes the old file and its bytes; keeping it keeps them', async () => {
    const { lesson, file, fileResource, cookie } = await scene()
    const fileBody = (fileId: number) => ({
      title: 'Notes',
      type: 'document',
      url: filePath(fileId),
      description: 'Week 1',
      fileId,
    })
    const same = await context.call(resources.updateResource, {
      params: { id: lesson.id, resourceId: fileResource.id },
      cookie,
      body: fileBody(file.id),
    })
    expect(same.statusCode).toBe(200)
    expect(await context.app.storage.get(file.storageKey)).toEqual(file.bytes)

    const uploaded = bodyOf(await upload(lesson.id, cookie, 'week1.docx', DOCX))
    const swapped = await context.call(resources.updateResource, {
      params: { id: lesson.id, resourceId: fileResource.id },
      cookie,
      body: fileBody(uploaded.id),
    })
    expect(swapped.statusCode).toBe(200)
    expect(bodyOf(swapped)).toMatchObject({ fileId: uploaded.id, url: uploaded.path })
    expect(await fileRow(file.id)).toBeUndefined()
    expect(await context.app.storage.get(file.storageKey)).toBeNull()

    // Turning it into a link drops its file too.
    const newKey = (await fileRow(uploaded.id))?.storageKey ?? ''
    const toLink = await context.call(resources.updateResource, {
      params: { id: lesson.id, resourceId: fileResource.id },
      cookie,
      body: linkBody(),
    })
    expect(bodyOf(toLink)).toMatchObject({ type: 'link', fileId: null })
    expect(await fileRow(uploaded.id)).toBeUndefined()
    expect(await context.app.storage.get(newKey)).toBeNull()
  })

  it('refuses a file another material uses, keeping both', async () => {
    const { lesson, file, link, cookie } = await scene()
    const response = await context.call(resources.updateResource, {
      params: { id: lesson.id, resourceId: link.id },
      cookie,
      body: { title: 'Steal', type: 'document', url: 'x', description: '', fileId: file.id },
    })
    expectProblems(response, 400, [MESSAGES.materials.fileInUse.text])
    expect(await resourceRow(link.id)).toEqual(link)
  })
})

describe('PATCH /lessons/:id/resources/:resourceId', () => {
  it('renames, trimmed, leaving the rest', async () => {
    const { lesson, fileResource, cookie } = await scene()
    const response = await context.call(resources.renameResource, {
      params: { id: lesson.id, resourceId: fileResource.id },
      cookie,
      body: { title: '  Week 1 notes  ' },
    })
    expect(response.statusCode).toBe(200)
    expect(Value.Check(renameResource.response[200], response.json())).toBe(true)
    expect(bodyOf(response)).toMatchObject({
      title: 'Week 1 notes',
      type: fileResource.type,
      fileId: fileResource.fileId,
    })
  })

  it.each([
    ['a blank title', { title: '   ' }, ['title is required']],
    ['an empty title', { title: '' }, 'title must NOT have fewer than 1 character'],
  ])('refuses %s with 400', async (_name, body, message) => {
    const { lesson, link, cookie } = await scene()
    const response = await context.call(resources.renameResource, {
      params: { id: lesson.id, resourceId: link.id },
      cookie,
      body,
    })
    expect(response.statusCode).toBe(400)
    if (Array.isArray(message)) expect(errorOf(response).message).toEqual(message)
    else expect(errorOf(response).message).toContain(message)
    expect(await resourceRow(link.id)).toEqual(link)
  })

  it("refuses a file's name made of spaces with §5's message", async () => {
    const { lesson, fileResource, cookie } = await scene()
    const response = await context.call(resources.renameResource, {
      params: { id: lesson.id, resourceId: fileResource.id },
      cookie,
      body: { title: ' \t ' },
    })
    expect(response.statusCode).toBe(400)
    expect(errorOf(response).message).toEqual([MESSAGES.uploads.blankName.text])
    expect(await resourceRow(fileResource.id)).toEqual(fileResource)
  })
})

describe('PATCH /lessons/:id/resources/:resourceId, title only', () => {
  it('ignores any other field sent with the title', async () => {
    const { lesson, link, cookie } = await scene()
    const response = await context.call(resources.renameResource, {
      params: { id: lesson.id, resourceId: link.id },
      cookie,
      body: { title: 'Renamed', url: 'javascript:alert(1)', type: 'document' },
    })
    expect(response.statusCode).toBe(200)
    expect(await resourceRow(link.id)).toEqual({ ...link, title: 'Renamed' })
  })
})

describe('DELETE /lessons/:id/resources/:resourceId', () => {
  it('removes a link', async () => {
    const { lesson, link, cookie } = await scene()
    const response = await context.call(resources.deleteResource, {
      params: { id: lesson.id, resourceId: link.id },
      cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(bodyOf(response)).toEqual({
      message: MESSAGES.materials.deleted.text,
      code: 'materials.deleted',
    })
    expect(await resourceRow(link.id)).toBeUndefined()
    const again = await context.call(resources.deleteResource, {
      params: { id: lesson.id, resourceId: link.id },
      cookie,
    })
    expectProblems(again, 404, 'Resource not found')
  })

  it('removes a file material with its file row and its bytes', async () => {
    const { lesson, file, fileResource, cookie } = await scene()
    expect(await context.app.storage.get(file.storageKey)).toEqual(file.bytes)
    const response = await context.call(resources.deleteResource, {
      params: { id: lesson.id, resourceId: fileResource.id },
      cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(await resourceRow(fileResource.id)).toBeUndefined()
    expect(await fileRow(file.id)).toBeUndefined()
    expect(await context.app.storage.get(file.storageKey)).toBeNull()
    const download = await context.call(resources.downloadFile, {
      params: { fileId: file.id },
      cookie,
    })
    expect(download.statusCode).toBe(404)
  })

  it('answers 200 when the bytes cannot be removed, and logs it', async () => {
    const { lesson, file, fileResource, cookie } = await scene()
    vi.spyOn(context.app.storage, 'remove').mockRejectedValueOnce(new Error('disk on fire'))
    const response = await context.call(resources.deleteResource, {
      params: { id: lesson.id, resourceId: fileResource.id },
      cookie,
    })
    expect(response.statusCode).toBe(200)
    expect(await fileRow(file.id)).toBeUndefined()
    expect(errorLog.join('\n')).toContain('Could not remove the bytes of a deleted file')
    expect(errorLog.join('\n')).toContain(file.storageKey)
  })
})
