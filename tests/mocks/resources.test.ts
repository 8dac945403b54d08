import { describe, expect, it } from 'vitest'
import type { BodyOf } from '@contract/client'
import { buildPath } from '@contract/descriptor'
import * as resources from '@contract/descriptors/resources'
import * as sessions from '@contract/descriptors/sessions'
import { MESSAGES } from '@contract/messages'
import { seedIds } from '@/mocks/db'
import { call, fileUpload, PNG_BYTES, refused } from './helpers'

const { educator, educator2, student, student3, admin } = seedIds
const lesson = { id: seedIds.paidLesson }
const material = (resourceId: number) => ({ ...lesson, resourceId })
const link = {
  title: 'Jisho',
  type: 'link',
  url: 'https://jisho.org',
  description: 'Dictionary',
} satisfies BodyOf<typeof resources.createResource>

describe('material uploads', () => {
  it('stores an allowed file and serves its bytes at the returned path', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 grammar notes')
    const upload = await call(resources.uploadResourceFile, {
      params: lesson,
      as: educator,
      upload: fileUpload('grammar.pdf', bytes),
    })
    expect(upload.status).toBe(201)
    expect(upload.body).toEqual({
      id: upload.body.id,
      filename: 'grammar.pdf',
      path: buildPath(resources.downloadFile.path, { fileId: upload.body.id }),
    })
    expect(upload.body.id).toBeGreaterThan(seedIds.materialFile)

    const resource = await call(resources.createResource, {
      params: lesson,
      json: {
        title: 'Grammar',
        type: 'document',
        url: upload.body.path,
        description: '',
        fileId: upload.body.id,
      },
    })
    expect(resource.status).toBe(201)
    expect(resource.body).toMatchObject({ type: 'document', fileId: upload.body.id, lessonId: 1 })

    const download = await call(resources.downloadFile, {
      params: { fileId: upload.body.id },
      as: student,
    })
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(download.body).toBe('%PDF-1.4 grammar notes')
  })

  it('enforces the 10 MB limit, the allowed types, a file and a non-blank name', async () => {
    const tooLarge = await call(resources.uploadResourceFile, {
      params: lesson,
      as: educator,
      upload: fileUpload('big.pdf', new Uint8Array(10 * 1024 * 1024 + 1)),
    })
    expect(tooLarge.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'File is too large. Maximum size is 10MB.',
    })
    const exactly = await call(resources.uploadResourceFile, {
      params: lesson,
      upload: fileUpload('exact.txt', new Uint8Array(10 * 1024 * 1024).fill(0x61)),
    })
    expect(exactly.status).toBe(201)

    const exe = await call(resources.uploadResourceFile, {
      params: lesson,
      upload: fileUpload('setup.exe'),
    })
    expect(exe.body).toMatchObject({ statusCode: 415, message: 'Invalid file type.' })

    for (const name of ['   ', '   .pdf']) {
      const blank = await call(resources.uploadResourceFile, {
        params: lesson,
        upload: fileUpload(name),
      })
      expect(blank.body).toMatchObject({ statusCode: 400, message: ['File name cannot be empty'] })
    }
    const none = await call(resources.uploadResourceFile, {
      params: lesson,
      upload: { ...fileUpload(), field: 'image' },
    })
    expect(none.body).toMatchObject({ statusCode: 400, message: ['No file provided'] })
  })

  it('judges the type by content: a PNG named .pdf, an executable named .txt are refused', async () => {
    const png = await call(resources.uploadResourceFile, {
      params: lesson,
      as: educator,
      upload: fileUpload('notes.pdf', PNG_BYTES),
    })
    expect(png.body).toMatchObject({ statusCode: 415, message: 'Invalid file type.' })
    const exe = await call(resources.uploadResourceFile, {
      params: lesson,
      upload: fileUpload('readme.txt', new Uint8Array([0x4d, 0x5a, 0, 0, 0x50, 0x45, 0, 0])),
    })
    expect(exe.status).toBe(415)
    const text = await call(resources.uploadResourceFile, {
      params: lesson,
      upload: fileUpload('phrases.txt', new TextEncoder().encode('こんにちは\n')),
    })
    expect(text.status).toBe(201)
    const image = await call(resources.uploadResourceFile, {
      params: lesson,
      upload: fileUpload('chart.png', PNG_BYTES),
    })
    expect(image.status).toBe(201)
    const download = await call(resources.downloadFile, { params: { fileId: image.body.id } })
    expect(download.headers.get('content-type')).toBe('image/png')
  })

  it('lets only the owner upload', async () => {
    const other = await call(resources.uploadResourceFile, {
      params: lesson,
      as: educator2,
      upload: fileUpload(),
    })
    expect(other.status).toBe(403)
  })
})

describe('materials', () => {
  it('distinguishes links from files', async () => {
    const created = await call(resources.createResource, {
      params: lesson,
      as: educator,
      json: link,
    })
    expect(created.body).toMatchObject({ ...link, fileId: null, lessonId: 1 })

    const linkWithFile = await refused(resources.createResource, {
      params: lesson,
      json: { ...link, fileId: seedIds.materialFile },
    })
    expect(linkWithFile.body.message).toEqual(['A link material has no file'])
    const linkWithoutDescription = await refused(resources.createResource, {
      params: lesson,
      json: { ...link, description: ' ' },
    })
    expect(linkWithoutDescription.body.message).toEqual(['description is required'])
    const fileWithoutUpload = await refused(resources.createResource, {
      params: lesson,
      json: { ...link, type: 'document' },
    })
    expect(fileWithoutUpload.body.message).toEqual([
      'fileId must name a file uploaded to this lesson',
    ])
    const wrongLesson = await call(resources.createResource, {
      params: lesson,
      json: { ...link, lessonId: 4 },
    })
    expect(wrongLesson.status).toBe(400)
  })

  it.each([
    ['javascript:alert(1)'],
    [' JaVaScRiPt:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['ftp://files.example.com/a.pdf'],
  ])('refuses the link url %j', async (url) => {
    const hostile = await refused(resources.createResource, {
      params: lesson,
      as: educator,
      json: { ...link, url },
    })
    expect(hostile.body.message).toEqual(['url must be a web address (http or https)'])
  })

  it('stores a url without a scheme as an absolute https url', async () => {
    const created = await call(resources.createResource, {
      params: lesson,
      as: educator,
      json: { ...link, url: 'jisho.org/search' },
    })
    expect(created.body.url).toBe('https://jisho.org/search')
  })

  it('refuses a file another material already uses, and a blank rename', async () => {
    const used = await refused(resources.createResource, {
      params: lesson,
      as: educator,
      json: { ...link, type: 'document', fileId: seedIds.materialFile },
    })
    expect(used.body.message).toEqual(['This file is already used by another material'])
    const blank = await refused(resources.renameResource, {
      params: material(seedIds.resources.link),
      json: { title: '   ' },
    })
    expect(blank.body.message).toEqual(['title is required'])
    // A file's title is its name: §5's message, as the server gives it.
    const blankName = await refused(resources.renameResource, {
      params: material(seedIds.resources.file),
      json: { title: ' \t ' },
    })
    expect(blankName.body.message).toEqual([MESSAGES.uploads.blankName])
  })

  it('deletes the old file when a file material is turned into a link', async () => {
    const replaced = await call(resources.updateResource, {
      params: material(seedIds.resources.file),
      as: educator,
      json: link,
    })
    expect(replaced.body).toMatchObject({ ...link, fileId: null })
    expect(
      (await call(resources.downloadFile, { params: { fileId: seedIds.materialFile } })).status,
    ).toBe(404)
  })

  it('shows materials to the owner, enrolled students and admins only', async () => {
    const titles = (body: { title: string }[]) => body.map((resource) => resource.title)
    expect(
      titles((await call(resources.listResources, { params: lesson, as: student })).body),
    ).toEqual(['NHK News Web Easy', 'Hiragana chart'])
    expect((await call(resources.listResources, { params: lesson, as: admin })).status).toBe(200)
    // Mai holds a paid seat in the upcoming session; once she gives it back she sees nothing.
    expect((await call(resources.listResources, { params: lesson, as: student3 })).status).toBe(200)
    await call(sessions.unenroll, {
      params: { id: seedIds.paidLesson, sessionId: seedIds.sessions.futurePaid },
    })
    expect((await call(resources.listResources, { params: lesson, as: student3 })).status).toBe(403)
    expect(
      (
        await call(resources.downloadFile, {
          params: { fileId: seedIds.materialFile },
          as: student3,
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await call(resources.getResource, {
          params: material(seedIds.resources.link),
          as: educator2,
        })
      ).status,
    ).toBe(403)
  })

  it('renames, replaces and deletes (owner only); the list keeps the change', async () => {
    const params = material(seedIds.resources.link)
    expect(
      (await call(resources.renameResource, { params, as: educator2, json: { title: 'X' } }))
        .status,
    ).toBe(403)
    const renamed = await call(resources.renameResource, {
      params,
      as: educator,
      json: { title: 'NHK Easy' },
    })
    expect(renamed.body.title).toBe('NHK Easy')
    const replaced = await call(resources.updateResource, { params, json: link })
    expect(replaced.body).toMatchObject(link)

    expect(
      (await call(resources.deleteResource, { params: material(seedIds.resources.file) })).status,
    ).toBe(200)
    expect(
      (await call(resources.downloadFile, { params: { fileId: seedIds.materialFile } })).status,
    ).toBe(404)
    const list = await call(resources.listResources, { params: lesson })
    expect(list.body.map((resource) => resource.id)).toEqual([seedIds.resources.link])
    expect((await call(resources.getResource, { params: material(999) })).status).toBe(404)
  })
})
