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
import { canReadFile, canReadMaterials } from '@contract/checks'
import { attachmentDisposition, filePath } from '@contract/files'
import { MESSAGES } from '@contract/messages'
import { isAllowedMaterial } from '@contract/rules'
import { HttpResponse } from 'msw'
import { db, type DbLesson, type DbUser, nextId } from '../db'
import { fail, found, readUpload, route } from '../http'
import { isEnrolledInLesson, lessonById, ownedLesson } from '../queries'
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

/** A link needs a description and no file; any other type names a file uploaded to the lesson. */
const resourceFields = (body: ResourceWriteBody, lessonId: number) => {
  if (body.lessonId !== undefined && body.lessonId !== lessonId) {
    fail(400, MESSAGES.materials.lessonMismatch)
  }
  const common = {
    title: body.title.trim(),
    type: body.type,
    url: body.url.trim(),
    description: body.description,
  }
  if (body.type === 'link') {
    const problems: string[] = []
    if (common.title === '') problems.push(MESSAGES.validation.required('title'))
    if (common.url === '') problems.push(MESSAGES.validation.required('url'))
    if (body.description.trim() === '') problems.push(MESSAGES.validation.required('description'))
    if (body.fileId != null) problems.push(MESSAGES.materials.linkWithFile)
    if (problems.length > 0) fail(400, problems)
    return { ...common, fileId: null }
  }
  const file = db.files.find(
    (row) => row.id === body.fileId && row.kind === 'material' && row.lessonId === lessonId,
  )
  return {
    ...common,
    fileId: file?.id ?? fail(400, MESSAGES.materials.unknownFile),
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
    if (!isAllowedMaterial(file.name)) fail(415, MESSAGES.uploads.invalidType)
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
    return { status: 201, body: { id, filename: file.name.trim(), path: filePath(id) } }
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
    resource.title = body.title.trim() || fail(400, MESSAGES.validation.required('title'))
    return { status: 200, body: toResource(resource) }
  }),

  route(deleteResource, ({ user, params }) => {
    ownedLesson(params.id, user)
    const resource = resourceOf(params.id, params.resourceId)
    db.resources = db.resources.filter((row) => row.id !== resource.id)
    if (resource.fileId !== null) db.files = db.files.filter((row) => row.id !== resource.fileId)
    return { status: 200, body: { message: MESSAGES.materials.deleted } }
  }),

  route(downloadFile, ({ user, params }) => {
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
