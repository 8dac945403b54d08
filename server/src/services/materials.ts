import { randomUUID } from 'node:crypto'
import {
  canReadFile,
  canReadMaterials,
  type Checked,
  materialTitle,
  materialWrite,
} from '../../../contract/checks.ts'
import type { Resource, UploadedFile } from '../../../contract/entities.ts'
import type { ResourceWriteBody } from '../../../contract/endpoints/resources.ts'
import { filePath, materialFileType } from '../../../contract/files.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { fileExtension } from '../../../contract/rules.ts'
import type { Executor } from '../db/client.ts'
import {
  BadRequestError,
  ForbiddenError,
  found,
  UnsupportedMediaTypeError,
} from '../domain/errors.ts'
import { findLessonRow, type LessonRow } from '../repositories/lessons.ts'
import {
  deleteFileRow,
  deleteResourceRow,
  findFile,
  findLessonResource,
  insertMaterialFile,
  insertResource,
  isEnrolledInLesson,
  isFileUsed,
  listLessonResources,
  lockLessonFile,
  updateResourceRow,
} from '../repositories/materials.ts'
import { reserveUploadSpace } from '../repositories/files.ts'
import type { UserRow } from '../repositories/users.ts'
import { toResource } from '../serializers/materials.ts'
import { removeStoredBytes } from '../storage/files.ts'
import type { ServiceDeps } from './deps.ts'
import { editableLesson } from './lessons.ts'

/** What a write that may drop a file needs: its bytes go once the change is committed. */
type WriteDeps = Pick<ServiceDeps, 'db' | 'storage' | 'log'>
type ResourceIds = { lessonId: number; resourceId: number }

type Reader = Pick<UserRow, 'id' | 'role'>

const mayReadMaterials = async (
  db: Executor,
  lesson: Pick<LessonRow, 'id' | 'ownerId'>,
  user: Reader,
) =>
  canReadMaterials({
    role: user.role,
    owner: lesson.ownerId === user.id,
    enrolled: await isEnrolledInLesson(db, user.id, lesson.id),
  })

/** The lesson, if the user may read its materials: not found when unknown, forbidden otherwise. */
const readableLesson = async (db: Executor, lessonId: number, user: Reader) => {
  const lesson = found(await findLessonRow(db, lessonId), 'Lesson')
  if (!(await mayReadMaterials(db, lesson, user))) {
    throw new ForbiddenError(MESSAGES.materials.forbidden)
  }
  return lesson
}

export const lessonResources = async (
  { db }: Pick<ServiceDeps, 'db'>,
  lessonId: number,
  user: Reader,
): Promise<Resource[]> => {
  const lesson = await readableLesson(db, lessonId, user)
  return (await listLessonResources(db, lesson.id)).map(toResource)
}

export const lessonResource = async (
  { db }: Pick<ServiceDeps, 'db'>,
  ids: { lessonId: number; resourceId: number },
  user: Reader,
): Promise<Resource> => {
  const lesson = await readableLesson(db, ids.lessonId, user)
  return toResource(found(await findLessonResource(db, lesson.id, ids.resourceId), 'Resource'))
}

/** A file and its bytes, for its uploader, admins and whoever may read its lesson's materials. */
export const downloadableFile = async (
  deps: Pick<ServiceDeps, 'db' | 'storage'>,
  fileId: number,
  user: Reader,
) => {
  const file = found(await findFile(deps.db, fileId), 'File')
  const lesson = file.lessonId === null ? undefined : await findLessonRow(deps.db, file.lessonId)
  const allowed = canReadFile({
    role: user.role,
    uploader: file.ownerId === user.id,
    readsLesson: lesson !== undefined && (await mayReadMaterials(deps.db, lesson, user)),
  })
  if (!allowed) throw new ForbiddenError(MESSAGES.materials.forbidden)
  const bytes = found(await deps.storage.get(file.storageKey), 'File')
  return { file, bytes }
}

const checked = <T>(result: Checked<T>): T => {
  if (!result.ok) throw new BadRequestError(result.problems)
  return result.value
}

/**
 * Keeps a material file uploaded to the caller's lesson if its name has one of §5's extensions
 * and its bytes are what that extension says (contract/files.ts materialFileType, as the mocks
 * judge it). The lesson is checked before the upload is read (`readUpload`).
 */
export const saveMaterialFile = async (
  deps: Pick<ServiceDeps, 'db' | 'storage' | 'uploadRules'>,
  lessonId: number,
  user: UserRow,
  readUpload: () => Promise<{ filename: string; bytes: Buffer }>,
): Promise<UploadedFile> => {
  const lesson = await editableLesson(deps.db, lessonId, user)
  const upload = await readUpload()
  const filename = upload.filename.trim()
  const mimeType = materialFileType(filename, upload.bytes)
  if (mimeType === null) throw new UnsupportedMediaTypeError(MESSAGES.uploads.invalidType)
  const storageKey = `${randomUUID()}.${fileExtension(filename)}`
  await deps.storage.put(storageKey, upload.bytes)
  try {
    const id = await deps.db.transaction(async (tx) => {
      await reserveUploadSpace(tx, user.id, upload.bytes.length, deps.uploadRules.quotaMb)
      return insertMaterialFile(tx, {
        ownerId: user.id,
        lessonId: lesson.id,
        filename,
        mimeType,
        size: upload.bytes.length,
        storageKey,
      })
    })
    return { id, filename, path: filePath(id) }
  } catch (error) {
    await deps.storage.remove(storageKey)
    throw error
  }
}

/** The write's fields (contract/checks.ts) over the database, the named file locked. */
const checkedWrite = async (
  tx: Executor,
  lessonId: number,
  body: ResourceWriteBody,
  editedId: number | null,
) => {
  const file =
    body.type === 'link' || body.fileId == null
      ? undefined
      : await lockLessonFile(tx, body.fileId, lessonId)
  const fileInUse = file !== undefined && (await isFileUsed(tx, file.id, editedId))
  return checked(materialWrite(body, lessonId, { file, fileInUse }))
}

export const createResource = async (
  { db }: Pick<ServiceDeps, 'db'>,
  user: UserRow,
  lessonId: number,
  body: ResourceWriteBody,
): Promise<Resource> => {
  const lesson = await editableLesson(db, lessonId, user)
  const row = await db.transaction(async (tx) =>
    insertResource(tx, lesson.id, await checkedWrite(tx, lesson.id, body, null)),
  )
  return toResource(row)
}

/** Replaces a material; a file it no longer uses goes, row and bytes (the bytes once committed). */
export const updateResource = async (
  deps: WriteDeps,
  user: UserRow,
  ids: ResourceIds,
  body: ResourceWriteBody,
): Promise<Resource> => {
  const lesson = await editableLesson(deps.db, ids.lessonId, user)
  const { row, dropped } = await deps.db.transaction(async (tx) => {
    const resource = found(await findLessonResource(tx, lesson.id, ids.resourceId), 'Resource')
    const fields = await checkedWrite(tx, lesson.id, body, resource.id)
    const updated = await updateResourceRow(tx, resource.id, fields)
    const oldFile = resource.fileId !== fields.fileId ? resource.fileId : null
    return {
      row: updated,
      dropped: oldFile === null ? undefined : await deleteFileRow(tx, oldFile),
    }
  })
  if (dropped) await removeStoredBytes(deps, dropped.storageKey)
  return toResource(row)
}

export const renameResource = async (
  { db }: Pick<ServiceDeps, 'db'>,
  user: UserRow,
  ids: ResourceIds,
  title: string,
): Promise<Resource> => {
  const lesson = await editableLesson(db, ids.lessonId, user)
  const resource = found(await findLessonResource(db, lesson.id, ids.resourceId), 'Resource')
  return toResource(
    await updateResourceRow(db, resource.id, {
      title: checked(materialTitle(title, resource.fileId !== null)),
    }),
  )
}

/** Removes a material and, for a file, its row and (once committed) its bytes. */
export const deleteResource = async (deps: WriteDeps, user: UserRow, ids: ResourceIds) => {
  const lesson = await editableLesson(deps.db, ids.lessonId, user)
  const dropped = await deps.db.transaction(async (tx) => {
    const resource = found(await findLessonResource(tx, lesson.id, ids.resourceId), 'Resource')
    await deleteResourceRow(tx, resource.id)
    return resource.fileId === null ? undefined : deleteFileRow(tx, resource.fileId)
  })
  if (dropped) await removeStoredBytes(deps, dropped.storageKey)
}
