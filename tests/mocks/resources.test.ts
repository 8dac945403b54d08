import { describe, expect, it } from 'vitest'
import type { ErrorBody, Resource, UploadedFile } from '@contract/index'
import { seedIds } from '@/mocks/db'
import { call, fileUpload } from './helpers'

const { educator, educator2, student, student3, admin } = seedIds
const base = `/lessons/${seedIds.paidLesson}/resources`
const link = { title: 'Jisho', type: 'link', url: 'https://jisho.org', description: 'Dictionary' }

describe('material uploads', () => {
  it('stores an allowed file and serves its bytes at the returned path', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 grammar notes')
    const upload = await call<UploadedFile>('POST', `${base}/upload`, {
      as: educator,
      upload: fileUpload('grammar.pdf', bytes),
    })
    expect(upload.status).toBe(201)
    expect(upload.body).toEqual({
      id: upload.body.id,
      filename: 'grammar.pdf',
      path: `/files/${upload.body.id}`,
    })
    expect(upload.body.id).toBeGreaterThan(seedIds.materialFile)

    const resource = await call('POST', base, {
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

    const download = await call('GET', upload.body.path, { as: student })
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(download.body).toBe('%PDF-1.4 grammar notes')
  })

  it('enforces the 10 MB limit, the allowed types, a file and a non-blank name', async () => {
    const tooLarge = await call('POST', `${base}/upload`, {
      as: educator,
      upload: fileUpload('big.pdf', new Uint8Array(10 * 1024 * 1024 + 1)),
    })
    expect(tooLarge.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'File is too large. Maximum size is 10MB.',
    })
    const exactly = await call('POST', `${base}/upload`, {
      upload: fileUpload('exact.txt', new Uint8Array(10 * 1024 * 1024)),
    })
    expect(exactly.status).toBe(201)

    const exe = await call('POST', `${base}/upload`, { upload: fileUpload('setup.exe') })
    expect(exe.body).toMatchObject({ statusCode: 415, message: 'Invalid file type.' })

    for (const name of ['   ', '   .pdf']) {
      const blank = await call('POST', `${base}/upload`, { upload: fileUpload(name) })
      expect(blank.body).toMatchObject({ statusCode: 400, message: ['File name cannot be empty'] })
    }
    const none = await call('POST', `${base}/upload`, {
      upload: { ...fileUpload(), field: 'image' },
    })
    expect(none.body).toMatchObject({ statusCode: 400, message: ['No file provided'] })
  })

  it('lets only the owner upload', async () => {
    const other = await call('POST', `${base}/upload`, { as: educator2, upload: fileUpload() })
    expect(other.status).toBe(403)
  })
})

describe('materials', () => {
  it('distinguishes links from files', async () => {
    const created = await call('POST', base, { as: educator, json: link })
    expect(created.body).toMatchObject({ ...link, fileId: null, lessonId: 1 })

    const linkWithFile = await call<ErrorBody>('POST', base, {
      json: { ...link, fileId: seedIds.materialFile },
    })
    expect(linkWithFile.body.message).toEqual(['A link material has no file'])
    const linkWithoutDescription = await call<ErrorBody>('POST', base, {
      json: { ...link, description: ' ' },
    })
    expect(linkWithoutDescription.body.message).toEqual(['description is required'])
    const fileWithoutUpload = await call<ErrorBody>('POST', base, {
      json: { ...link, type: 'document' },
    })
    expect(fileWithoutUpload.body.message).toEqual([
      'fileId must name a file uploaded to this lesson',
    ])
    const wrongLesson = await call('POST', base, { json: { ...link, lessonId: 4 } })
    expect(wrongLesson.status).toBe(400)
  })

  it('shows materials to the owner, enrolled students and admins only', async () => {
    const titles = (body: { title: string }[]) => body.map((resource) => resource.title)
    expect(titles((await call<Resource[]>('GET', base, { as: student })).body)).toEqual([
      'NHK News Web Easy',
      'Hiragana chart',
    ])
    expect((await call('GET', base, { as: admin })).status).toBe(200)
    expect((await call('GET', base, { as: student3 })).status).toBe(403)
    expect((await call('GET', `/files/${seedIds.materialFile}`, { as: student3 })).status).toBe(403)
    expect((await call('GET', `${base}/${seedIds.resources.link}`, { as: educator2 })).status).toBe(
      403,
    )
  })

  it('renames, replaces and deletes (owner only); the list keeps the change', async () => {
    const path = `${base}/${seedIds.resources.link}`
    expect((await call('PATCH', path, { as: educator2, json: { title: 'X' } })).status).toBe(403)
    const renamed = await call<Resource>('PATCH', path, {
      as: educator,
      json: { title: 'NHK Easy' },
    })
    expect(renamed.body.title).toBe('NHK Easy')
    const replaced = await call('PUT', path, { json: link })
    expect(replaced.body).toMatchObject(link)

    expect((await call('DELETE', `${base}/${seedIds.resources.file}`)).status).toBe(200)
    expect((await call('GET', `/files/${seedIds.materialFile}`)).status).toBe(404)
    const list = await call<Resource[]>('GET', base)
    expect(list.body.map((resource) => resource.id)).toEqual([seedIds.resources.link])
    expect((await call('GET', `${base}/999`)).status).toBe(404)
  })
})
