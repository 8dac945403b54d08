import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isBlankFileName } from '../../../contract/files.ts'
import { MESSAGES } from '../../../contract/messages.ts'
import { BadRequestError, PayloadTooLargeError } from '../domain/errors.ts'

/**
 * The file of a multipart upload, after the checks every upload shares: present in the named
 * field, a non-blank name, and within the size limit (the multipart plugin stops reading past
 * it). The caller checks the type.
 */
export const readUpload = async (app: FastifyInstance, request: FastifyRequest, field: string) => {
  if (!request.isMultipart()) throw new BadRequestError(MESSAGES.uploads.noFile)
  const part = await request.file()
  if (!part) throw new BadRequestError(MESSAGES.uploads.noFile)
  if (part.fieldname !== field) {
    part.file.resume()
    throw new BadRequestError(MESSAGES.uploads.noFile)
  }
  if (isBlankFileName(part.filename)) {
    part.file.resume()
    throw new BadRequestError(MESSAGES.uploads.blankName)
  }
  try {
    return { filename: part.filename, bytes: await part.toBuffer() }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw new PayloadTooLargeError(MESSAGES.uploads.tooLarge)
    }
    throw error
  }
}
