import type { MultipartFields } from '@fastify/multipart'
import type { FastifyError, FastifyRequest } from 'fastify'
import { fileNameProblem, uploadedFileName } from '../../../contract/files.ts'
import { type Message, MESSAGES } from '../../../contract/messages.ts'
import { unstorableIssues, validationMessages } from '../../../contract/validation.ts'
import { BadRequestError, PayloadTooLargeError } from '../domain/errors.ts'

/**
 * Reads from the multipart stream. A file past the size limit is a 413 with its own message, the
 * plugin's other limits stay 413s; anything else that breaks while reading (no boundary, a body
 * cut short, a part that is not multipart, a client gone mid-upload) is the request's fault: a
 * 400, never a 500.
 */
const readPart = async <T>(request: FastifyRequest, read: () => Promise<T>): Promise<T> => {
  try {
    return await read()
  } catch (error) {
    // The route's own scope holds the multipart plugin (http/route.ts).
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw new PayloadTooLargeError(MESSAGES.uploads.tooLarge)
    }
    if ((error as FastifyError).statusCode === 413) throw error
    throw new BadRequestError(MESSAGES.uploads.malformed)
  }
}

/** The text fields sent before the file, by name (a repeated name gives its values in order). */
const textFields = (fields: MultipartFields) =>
  Object.fromEntries(
    Object.entries(fields).map(([name, entry]) => [
      name,
      [entry ?? []].flat().flatMap((part) => (part.type === 'field' ? [part.value] : [])),
    ]),
  )

/**
 * The file of a multipart upload, after the checks every upload shares: present in the named
 * field, a name both backends accept (`fileNameProblem`), no text field the database could not
 * store, not empty, and within the size limit (the multipart plugin stops reading past it).
 * The caller checks the type.
 */
export const readUpload = async (request: FastifyRequest, field: string) => {
  if (!request.isMultipart()) throw new BadRequestError(MESSAGES.uploads.noFile)
  const part = await readPart(request, () => request.file())
  if (!part) throw new BadRequestError(MESSAGES.uploads.noFile)
  const refuse = (problems: Message | readonly Message[]) => {
    part.file.resume()
    return new BadRequestError(problems)
  }
  if (part.fieldname !== field) throw refuse(MESSAGES.uploads.noFile)
  const filename = uploadedFileName(part.filename)
  const nameProblem = fileNameProblem(filename)
  if (nameProblem !== null) throw refuse(nameProblem)
  // The fields beside the file are not read, but no request carries what cannot be stored.
  const unstorable = unstorableIssues(textFields(part.fields))
  if (unstorable.length > 0) throw refuse(validationMessages(unstorable))
  const bytes = await readPart(request, () => part.toBuffer())
  // The plugin stops reading at the limit and marks the stream `truncated`, but `toBuffer` only
  // looks after each piece it reads: when the file's last piece ends exactly at the limit and the
  // byte past it arrives alone (a browser sends 10 MB and one byte as 160 pieces of 64 KiB and a
  // piece of one byte), the stream is marked after the last piece and ends without an error.
  if (part.file.truncated) throw new PayloadTooLargeError(MESSAGES.uploads.tooLarge)
  // An empty file is no file: nothing to keep, and no file row may be empty.
  if (bytes.length === 0) throw new BadRequestError(MESSAGES.uploads.empty)
  return { filename, bytes }
}
