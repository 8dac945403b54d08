import { uploadResourceFile as uploadResourceFileCall } from '@contract/descriptors/resources'
import type { UploadedFile } from '@contract/index'
import { useMutation } from '@tanstack/react-query'
import { request } from '@/shared/api/request'

type UploadVariables = {
  file: File
  /** Called as bytes leave: the share sent (0 to 1), or null while the total is unknown. */
  onProgress?: (share: number | null) => void
}

/** Thrown when the upload succeeded but its reply names no file (no id or no path). */
export class InvalidUploadReplyError extends Error {
  constructor() {
    super('The upload reply has no file id or path')
    this.name = 'InvalidUploadReplyError'
  }
}

const isUploadedFile = (reply: unknown): reply is UploadedFile => {
  if (typeof reply !== 'object' || reply === null) return false
  const { id, path } = reply as Record<string, unknown>
  return typeof id === 'number' && Number.isInteger(id) && typeof path === 'string' && path !== ''
}

/**
 * POST /lessons/:id/resources/upload: the file as the multipart field 'file' (§7). The reply is
 * checked, since the material is created from it: one without an id or a path is refused.
 */
export const uploadResourceFile = async (
  lessonId: number,
  { file, onProgress }: UploadVariables,
): Promise<UploadedFile> => {
  const body = new FormData()
  body.append('file', file)
  const reply: unknown = await request(
    uploadResourceFileCall,
    { params: { id: lessonId }, body },
    {
      onUploadProgress: (event) =>
        onProgress?.(event.total ? Math.min(event.loaded / event.total, 1) : null),
    },
  )
  if (!isUploadedFile(reply)) throw new InvalidUploadReplyError()
  return reply
}

/** Uploads a material's file. Nothing is listed yet: the caller creates the material from it. */
export const useUploadResourceFile = (lessonId: number) =>
  useMutation({
    mutationFn: (variables: UploadVariables) => uploadResourceFile(lessonId, variables),
  })
