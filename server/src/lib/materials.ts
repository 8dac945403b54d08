import type { Resource } from '../../../contract/entities.ts'
import type { Executor } from '../db/client.ts'
import type { files, lessons, resources } from '../db/schema.ts'
import type { AuthUser } from '../plugins/auth.ts'
import { isEnrolledInLesson } from '../repositories/materials.ts'

/** The mock's wording, so the SPA shows the same message against either backend. */
export const MATERIALS_FORBIDDEN = 'Only the owner and enrolled students see the materials'

/** The path an uploaded file is downloaded from, relative to the API base. */
export const filePath = (fileId: number) => `/files/${fileId}`

/** A file material points at its download path, whatever url was stored with it. */
export const toResource = (row: typeof resources.$inferSelect): Resource => ({
  id: row.id,
  title: row.title,
  type: row.type,
  url: row.fileId === null ? row.url : filePath(row.fileId),
  description: row.description,
  lessonId: row.lessonId,
  fileId: row.fileId,
})

/** Materials are for the lesson's owner, students holding a seat in any of its sessions, and admins. */
export const canReadMaterials = async (
  db: Executor,
  lesson: Pick<typeof lessons.$inferSelect, 'id' | 'ownerId'>,
  user: AuthUser,
) =>
  user.role === 'admin' ||
  lesson.ownerId === user.id ||
  (await isEnrolledInLesson(db, user.id, lesson.id))

/**
 * A file's bytes go to its uploader, to admins and, when it belongs to a lesson, to whoever may
 * read that lesson's materials. A cover uploaded before its lesson exists has no lesson yet.
 */
export const canReadFile = async (
  db: Executor,
  file: Pick<typeof files.$inferSelect, 'ownerId'>,
  lesson: Pick<typeof lessons.$inferSelect, 'id' | 'ownerId'> | undefined,
  user: AuthUser,
) =>
  user.role === 'admin' ||
  file.ownerId === user.id ||
  (lesson !== undefined && (await canReadMaterials(db, lesson, user)))

const percentEncode = (text: string) =>
  encodeURIComponent(text).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )

/**
 * `attachment` with the original name. Header values must be ASCII, so a name with other
 * characters (a Japanese title, a quote) gets an ASCII fallback plus its UTF-8 form (RFC 6266).
 */
export const attachmentDisposition = (filename: string) => {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  if (fallback === filename) return `attachment; filename="${filename}"`
  return `attachment; filename="${fallback}"; filename*=UTF-8''${percentEncode(filename)}`
}
