import Type from 'typebox'
import { errors, Id, IdParam, MessageBody, UploadRefusedBody } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { Resource, ResourceType, UploadedFile } from '../entities.ts'
import { LINK_TEXT_MAX } from '../rules.ts'

export const ResourcesParams = Type.Object({ id: IdParam })
export const ResourceParams = Type.Object({ id: IdParam, resourceId: IdParam })
export const FileParams = Type.Object({ fileId: IdParam })

/** A link (type `link`, url given) or an uploaded file (fileId from the upload call). */
export const ResourceWriteBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: LINK_TEXT_MAX.title }),
  type: ResourceType,
  url: Type.String({ minLength: 1, maxLength: LINK_TEXT_MAX.url }),
  description: Type.String({ maxLength: LINK_TEXT_MAX.description }),
  lessonId: Type.Optional(Id),
  fileId: Type.Optional(Type.Union([Id, Type.Null()])),
})
export type ResourceWriteBody = Type.Static<typeof ResourceWriteBody>

export const RenameResourceBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: LINK_TEXT_MAX.title }),
})
export type RenameResourceBody = Type.Static<typeof RenameResourceBody>

export const listResources = defineEndpoint({
  method: 'GET',
  path: '/lessons/:id/resources',
  access: 'user',
  summary: "A lesson's materials (owner, enrolled students and admins)",
  description:
    "Lists a lesson's materials (links and files); only the lesson's owner, its enrolled students and admins may read them.",
  params: ResourcesParams,
  response: { 200: Type.Array(Resource), ...errors(400, 401, 403, 404) },
})

export const createResource = defineEndpoint({
  method: 'POST',
  path: '/lessons/:id/resources',
  access: ['educator'],
  approvedOnly: true,
  summary: 'Add a link or an uploaded file to a lesson (owner)',
  description:
    "Adds a link, or a file uploaded to the same lesson, to the lesson's materials; only the lesson's owner may add one.",
  params: ResourcesParams,
  body: ResourceWriteBody,
  response: { 201: Resource, ...errors(400, 401, 403, 404) },
})

export const getResource = defineEndpoint({
  method: 'GET',
  path: '/lessons/:id/resources/:resourceId',
  access: 'user',
  summary: 'One material',
  description:
    "Answers one material of a lesson; only the lesson's owner, its enrolled students and admins may read it.",
  params: ResourceParams,
  response: { 200: Resource, ...errors(400, 401, 403, 404) },
})

export const updateResource = defineEndpoint({
  method: 'PUT',
  path: '/lessons/:id/resources/:resourceId',
  access: ['educator'],
  approvedOnly: true,
  summary: 'Replace a material (owner)',
  description:
    "Replaces a material's title, type, address, description and file; only the lesson's owner may change it.",
  params: ResourceParams,
  body: ResourceWriteBody,
  response: { 200: Resource, ...errors(400, 401, 403, 404) },
})

export const renameResource = defineEndpoint({
  method: 'PATCH',
  path: '/lessons/:id/resources/:resourceId',
  access: ['educator'],
  approvedOnly: true,
  summary: 'Rename a material (owner); title only',
  description: "Changes a material's title alone; only the lesson's owner may rename it.",
  params: ResourceParams,
  body: RenameResourceBody,
  response: { 200: Resource, ...errors(400, 401, 403, 404) },
})

export const deleteResource = defineEndpoint({
  method: 'DELETE',
  path: '/lessons/:id/resources/:resourceId',
  access: ['educator'],
  approvedOnly: true,
  summary: 'Remove a material (owner)',
  description:
    "Deletes a material of a lesson, and its file if it has one; only the lesson's owner may delete it.",
  params: ResourceParams,
  response: { 200: MessageBody, ...errors(400, 401, 403, 404) },
})

export const uploadResourceFile = defineEndpoint({
  method: 'POST',
  path: '/lessons/:id/resources/upload',
  access: ['educator'],
  approvedOnly: true,
  summary: "Upload a material file (multipart field 'file', 10 MB, the allowed types of §5)",
  description:
    "Stores a material file for a lesson (type checked by name and content, counted against the caller's quota) to name in a new material.",
  params: ResourcesParams,
  multipart: { field: 'file' },
  response: { 201: UploadedFile, ...errors(400, 401, 403, 404, 415), 413: UploadRefusedBody },
})

export const downloadFile = defineEndpoint({
  method: 'GET',
  path: '/files/:fileId',
  access: 'user',
  summary: "An uploaded material's bytes (the path returned by the upload call)",
  description:
    "Sends an uploaded material file as an attachment; only the lesson's owner, its enrolled students and admins may download it.",
  params: FileParams,
  produces: 'application/octet-stream',
  response: { 200: Type.Unknown({ description: 'File bytes' }), ...errors(400, 401, 403, 404) },
})
