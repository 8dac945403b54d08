import type { Resource } from '../../../contract/entities.ts'
import { filePath } from '../../../contract/files.ts'
import type { ResourceRow } from '../repositories/materials.ts'

/** A file material points at its download path, whatever url was stored with it. */
export const toResource = (row: ResourceRow): Resource => ({
  id: row.id,
  title: row.title,
  type: row.type,
  url: row.fileId === null ? row.url : filePath(row.fileId),
  description: row.description,
  lessonId: row.lessonId,
  fileId: row.fileId,
})
