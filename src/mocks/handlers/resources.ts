import {
  createResource,
  deleteResource,
  downloadFile,
  getResource,
  listResources,
  renameResource,
  updateResource,
  uploadResourceFile,
  type ResourceWriteBody,
} from '@contract/endpoints/resources'
import { isAllowedMaterial } from '@contract/rules'
import { HttpResponse } from 'msw'
import { db, type DbLesson, type DbUser, nextId } from '../db'
import { fail, found, readUpload, route } from '../http'
import { isEnrolledInLesson, lessonById, ownedLesson } from '../queries'
import { toResource } from '../serializers'

/** Materials are for the lesson's owner, its enrolled students and admins. */
const canRead = (lesson: DbLesson, user: DbUser) =>
  user.role === 'admin' || lesson.ownerId === user.id || isEnrolledInLesson(user.id, lesson.id)

const readableLesson = (lessonId: number, user: DbUser) => {
  const lesson = lessonById(lessonId)
  if (!canRead(lesson, user)) fail(403, 'Only the owner and enrolled students see the materials')
  return lesson
}

/** `attachment` with the original name; a non-ASCII name also in its UTF-8 form (RFC 6266). */
const attachmentDisposition = (filename: string) => {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  if (fallback === filename) return `attachment; filename="${filename}"`
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

const resourceOf = (lessonId: number, resourceId: number) =>
  found(
    db.resources.find((row) => row.id === resourceId && row.lessonId === lessonId),
    'Resource',
  )

/** A link needs a description and no file; any other type names a file uploaded to the lesson. */
const resourceFields = (body: ResourceWriteBody, lessonId: number) => {
  if (body.lessonId !== undefined && body.lessonId !== lessonId) {
    fail(400, 'lessonId does not match the lesson in the path')
  }
  const common = {
    title: body.title.trim(),
    type: body.type,
    url: body.url.trim(),
    description: body.description,
  }
  if (body.type === 'link') {
    const problems: string[] = []
    if (common.title === '') problems.push('title is required')
    if (common.url === '') problems.push('url is required')
    if (body.description.trim() === '') problems.push('description is required')
    if (body.fileId != null) problems.push('A link material has no file')
    if (problems.length > 0) fail(400, problems)
    return { ...common, fileId: null }
  }
  const file = db.files.find(
    (row) => row.id === body.fileId && row.kind === 'material' && row.lessonId === lessonId,
  )
  return {
    ...common,
    fileId: file?.id ?? fail(400, 'fileId must name a file uploaded to this lesson'),
  }
}

export const resourceHandlers = [
  route(listResources, ({ user, params }) => {
    const lesson = readableLesson(params.id, user)
    return {
      status: 200,
      body: db.resources.filter((row) => row.lessonId === lesson.id).map(toResource),
    }
  }),

  route(uploadResourceFile, async ({ user, params, request }) => {
    const lesson = ownedLesson(params.id, user)
    const { file, bytes } = await readUpload(request, 'file')
    if (!isAllowedMaterial(file.name)) fail(415, 'Invalid file type.')
    const id = nextId(db.files)
    db.files.push({
      id,
      kind: 'material',
      filename: file.name.trim(),
      contentType: file.type || 'application/octet-stream',
      bytes,
      ownerId: user.id,
      lessonId: lesson.id,
    })
    return { status: 201, body: { id, filename: file.name.trim(), path: `/files/${id}` } }
  }),

  route(createResource, ({ user, params, body }) => {
    const lesson = ownedLesson(params.id, user)
    const resource = {
      id: nextId(db.resources),
      lessonId: lesson.id,
      ...resourceFields(body, lesson.id),
    }
    db.resources.push(resource)
    return { status: 201, body: toResource(resource) }
  }),

  route(getResource, ({ user, params }) => {
    readableLesson(params.id, user)
    return { status: 200, body: toResource(resourceOf(params.id, params.resourceId)) }
  }),

  route(updateResource, ({ user, params, body }) => {
    ownedLesson(params.id, user)
    const resource = resourceOf(params.id, params.resourceId)
    Object.assign(resource, resourceFields(body, params.id))
    return { status: 200, body: toResource(resource) }
  }),

  route(renameResource, ({ user, params, body }) => {
    ownedLesson(params.id, user)
    const resource = resourceOf(params.id, params.resourceId)
    resource.title = body.title.trim() || fail(400, 'title is required')
    return { status: 200, body: toResource(resource) }
  }),

  route(deleteResource, ({ user, params }) => {
    ownedLesson(params.id, user)
    const resource = resourceOf(params.id, params.resourceId)
    db.resources = db.resources.filter((row) => row.id !== resource.id)
    if (resource.fileId !== null) db.files = db.files.filter((row) => row.id !== resource.fileId)
    return { status: 200, body: { message: 'Resource deleted' } }
  }),

  route(downloadFile, ({ user, params }) => {
    const file = found(
      db.files.find((row) => row.id === params.fileId),
      'File',
    )
    const lesson = db.lessons.find((row) => row.id === file.lessonId)
    // As the server: the uploader, admins, and whoever may read the materials of the file's lesson.
    const allowed =
      user.role === 'admin' || file.ownerId === user.id || (lesson && canRead(lesson, user))
    if (!allowed) fail(403, 'Only the owner and enrolled students see the materials')
    return new HttpResponse(file.bytes, {
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': attachmentDisposition(file.filename),
      },
    })
  }),
]
