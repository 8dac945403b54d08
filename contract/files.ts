/**
 * Uploaded files: the checks every upload shares and the paths and headers a download answers
 * with, the same on the server and in the mock catalogue.
 */
import { buildPath } from './descriptor.ts'
import { lessonImage } from './descriptors/lessons.ts'
import { downloadFile } from './descriptors/resources.ts'
import { IMAGE_MIME_TYPES } from './rules.ts'

/** The checks every upload shares live with the rules, where the SPA reads them too. */
export { exceedsUploadLimit, isBlankFileName } from './rules.ts'

export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number]

/** The name and the declared type are the client's word; the type the bytes show decides. */
export const isAcceptedImageType = (mimeType: string | undefined): mimeType is ImageMimeType =>
  mimeType !== undefined && (IMAGE_MIME_TYPES as readonly string[]).includes(mimeType)

/**
 * The image type by its magic bytes, for a backend without a file-type detector (the mocks; the
 * server uses `file-type`, which reads further and also tells an animated PNG apart).
 */
export const sniffImageType = (bytes: Uint8Array): ImageMimeType | null => {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value)
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif'
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to))
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return null
}

/** The path a lesson's cover is shown from, relative to the API base. */
export const lessonImagePath = (lessonId: number) => buildPath(lessonImage.path, { id: lessonId })

/** The path an uploaded file is downloaded from, relative to the API base. */
export const filePath = (fileId: number) => buildPath(downloadFile.path, { fileId })

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
