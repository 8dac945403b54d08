import * as endpoints from '@contract/endpoints/resources'
import { type ResourceWriteBody } from '@contract/endpoints/resources'
import { canReadFile, canReadMaterials, materialTitle, materialWrite } from '@contract/checks'
import { attachmentDisposition, filePath, materialFileType } from '@contract/files'
import { MESSAGES, messageFields } from '@contract/messages'
import { HttpResponse } from 'msw'
import { db, type DbLesson, type DbUser, nextId } from '../db'
import { checkUploadQuota, fail, found, readUpload, route } from '../http'
import { editableLesson, isEnrolledInLesson, lessonById } from '../queries'
import { toResource } from '../serializers'

const canRead = (lesson: DbLesson, user: DbUser) =>
  canReadMaterials({
    role: user.role,
    owner: lesson.ownerId === user.id,
    enrolled: isEnrolledInLesson(user.id, lesson.id),
  })

const readableLesson = (lessonId: number, user: DbUser) => {
  const lesson = lessonById(lessonId)
  if (!canRead(lesson, user)) fail(403, MESSAGES.materials.forbidden)
  return lesson
}

const resourceOf = (lessonId: number, resourceId: number) =>
  found(
    db.resources.find((row) => row.id === resourceId && row.lessonId === lessonId),
    'Resource',
  )

/** The write's fields (contract/checks.ts) over the mock's rows. */
const resourceFields = (body: ResourceWriteBody, lessonId: number, editedId: number | null) => {
  const file =
    body.type === 'link' || body.fileId == null
      ? undefined
      : db.files.find(
          (row) => row.id === body.fileId && row.kind === 'material' && row.lessonId === lessonId,
        )
  const fileInUse =
    file !== undefined && db.resources.some((row) => row.fileId === file.id && row.id !== editedId)
  const result = materialWrite(body, lessonId, { file, fileInUse })
  return result.ok ? result.value : fail(400, result.problems)
}

const dropFile = (fileId: number | null) => {
  if (fileId !== null) db.files = db.files.filter((row) => row.id !== fileId)
}

export const resourceHandlers = [
  route(endpoints.listResources, ({ user, params }) => {
    const lesson = readableLesson(params.id, user)
    return {
      status: 200,
      body: db.resources.filter((row) => row.lessonId === lesson.id).map(toResource),
    }
  }),

  route(endpoints.uploadResourceFile, async ({ user, params, request }) => {
    const lesson = editableLesson(params.id, user)
    const { filename: sent, bytes } = await readUpload(request, 'file')
    const filename = sent.trim()
    // The type the bytes show decides (contract/files.ts), as on the server.
    const contentType = materialFileType(filename, bytes) ?? fail(415, MESSAGES.uploads.invalidType)
    checkUploadQuota(user.id, bytes.length)
    const id = nextId(db.files)
    db.files.push({
      id,
      kind: 'material',
      filename,
      contentType,
      bytes,
      ownerId: user.id,
      lessonId: lesson.id,
    })
    return { status: 201, body: { id, filename, path: filePath(id) } }
  }),

  route(endpoints.createResource, ({ user, params, body }) => {
    const lesson = editableLesson(params.id, user)
    const resource = {
      id: nextId(db.resources),
      lessonId: lesson.id,
      ...resourceFields(body, lesson.id, null),
    }
    db.resources.push(resource)
    return { status: 201, body: toResource(resource) }
  }),

  route(endpoints.getResource, ({ user, params }) => {
    readableLesson(params.id, user)
    return { status: 200, body: toResource(resourceOf(params.id, params.resourceId)) }
  }),

  route(endpoints.updateResource, ({ user, params, body }) => {
    editableLesson(params.id, user)
    const resource = resourceOf(params.id, params.resourceId)
    const fields = resourceFields(body, params.id, resource.id)
    const oldFile = resource.fileId
    Object.assign(resource, fields)
    if (oldFile !== fields.fileId) dropFile(oldFile)
    return { status: 200, body: toResource(resource) }
  }),

  route(endpoints.renameResource, ({ user, params, body }) => {
    editableLesson(params.id, user)
    const resource = resourceOf(params.id, params.resourceId)
    const title = materialTitle(body.title, resource.fileId !== null)
    resource.title = title.ok ? title.value : fail(400, title.problems)
    return { status: 200, body: toResource(resource) }
  }),

  route(endpoints.deleteResource, ({ user, params }) => {
    editableLesson(params.id, user)
    const resource = resourceOf(params.id, params.resourceId)
    db.resources = db.resources.filter((row) => row.id !== resource.id)
    dropFile(resource.fileId)
    return { status: 200, body: messageFields(MESSAGES.materials.deleted) }
  }),

  route(endpoints.downloadFile, ({ user, params }) => {
    const file = found(
      db.files.find((row) => row.id === params.fileId),
      'File',
    )
    const lesson = db.lessons.find((row) => row.id === file.lessonId)
    // As the server: the uploader, admins, and whoever may read the materials of the file's lesson.
    const allowed = canReadFile({
      role: user.role,
      uploader: file.ownerId === user.id,
      readsLesson: lesson !== undefined && canRead(lesson, user),
    })
    if (!allowed) fail(403, MESSAGES.materials.forbidden)
    return new HttpResponse(file.bytes, {
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': attachmentDisposition(file.filename),
      },
    })
  }),
]
