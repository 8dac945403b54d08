import { canReadFile, canReadMaterials } from '../../../contract/checks.ts'
import type { Resource } from '../../../contract/entities.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import type { Executor } from '../db/client.ts'
import { ForbiddenError, found } from '../domain/errors.ts'
import { findLessonRow, type LessonRow } from '../repositories/lessons.ts'
import {
  findFile,
  findLessonResource,
  isEnrolledInLesson,
  listLessonResources,
} from '../repositories/materials.ts'
import type { UserRow } from '../repositories/users.ts'
import { toResource } from '../serializers/materials.ts'
import type { FileStorage } from '../storage/files.ts'

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
  db: Executor,
  lessonId: number,
  user: Reader,
): Promise<Resource[]> => {
  const lesson = await readableLesson(db, lessonId, user)
  return (await listLessonResources(db, lesson.id)).map(toResource)
}

export const lessonResource = async (
  db: Executor,
  ids: { lessonId: number; resourceId: number },
  user: Reader,
): Promise<Resource> => {
  const lesson = await readableLesson(db, ids.lessonId, user)
  return toResource(found(await findLessonResource(db, lesson.id, ids.resourceId), 'Resource'))
}

/** A file and its bytes, for its uploader, admins and whoever may read its lesson's materials. */
export const downloadableFile = async (
  deps: { db: Executor; storage: FileStorage },
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
