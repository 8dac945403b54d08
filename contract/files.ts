/**
 * Uploaded files: the checks every upload shares and the paths and headers a download answers
 * with, the same on the server and in the mock catalogue.
 */
import { buildPath } from './descriptor.ts'
import { lessonImage } from './descriptors/lessons.ts'
import { downloadFile } from './descriptors/resources.ts'
import { type Message, MESSAGES } from './messages.ts'
import type { IMAGE_MIME_TYPES } from './rules.ts'
import {
  FILE_NAME_MAX,
  fileExtension,
  isBlankFileName,
  isPdfContent,
  isPlainText,
  type MATERIAL_EXTENSIONS,
  sniffImageType,
} from './rules.ts'
import { unstorableIssues } from './validation.ts'

/**
 * The checks every upload shares live with the rules, where the SPA reads them too (its preview
 * checks a file by the same signatures before showing it).
 */
export { exceedsUploadLimit, isBlankFileName, isPlainText, sniffImageType } from './rules.ts'

/**
 * Why both backends refuse an uploaded file's name, or null: a character no column stores (a
 * NUL), only an extension or spaces (§5), or longer than FILE_NAME_MAX characters.
 */
export const fileNameProblem = (filename: string): Message | null => {
  if (unstorableIssues(filename).length > 0)
    return MESSAGES.validation.unstorableText({ field: 'filename' })
  if (isBlankFileName(filename)) return MESSAGES.uploads.blankName
  if ([...filename.trim()].length > FILE_NAME_MAX)
    return MESSAGES.uploads.nameTooLong({ count: FILE_NAME_MAX })
  return null
}

export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number]

/**
 * What a material file's bytes are, by their signature (the usual extension of each format), plus
 * `text` for bytes with no signature that read as UTF-8 text. The old Office formats (doc, xls, ppt) are all
 * OLE compound files, `cfb`.
 */
export type MaterialContent =
  'pdf' | 'cfb' | 'docx' | 'xlsx' | 'pptx' | 'odt' | 'ods' | 'odp' | 'rtf' | 'jpg' | 'png' | 'text'

type MaterialExtension = (typeof MATERIAL_EXTENSIONS)[number]

/** §5's allowed extensions: the content each must have, and the type it is stored and sent as. */
export const MATERIAL_TYPES: Readonly<
  Record<MaterialExtension, { content: MaterialContent; mimeType: string }>
> = {
  pdf: { content: 'pdf', mimeType: 'application/pdf' },
  doc: { content: 'cfb', mimeType: 'application/msword' },
  xls: { content: 'cfb', mimeType: 'application/vnd.ms-excel' },
  ppt: { content: 'cfb', mimeType: 'application/vnd.ms-powerpoint' },
  docx: {
    content: 'docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: {
    content: 'xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  pptx: {
    content: 'pptx',
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  odt: { content: 'odt', mimeType: 'application/vnd.oasis.opendocument.text' },
  ods: { content: 'ods', mimeType: 'application/vnd.oasis.opendocument.spreadsheet' },
  odp: { content: 'odp', mimeType: 'application/vnd.oasis.opendocument.presentation' },
  rtf: { content: 'rtf', mimeType: 'application/rtf' },
  txt: { content: 'text', mimeType: 'text/plain; charset=utf-8' },
  jpg: { content: 'jpg', mimeType: 'image/jpeg' },
  jpeg: { content: 'jpg', mimeType: 'image/jpeg' },
  png: { content: 'png', mimeType: 'image/png' },
}

/**
 * The type a material is stored with, when its name's extension is one of §5's and its bytes are
 * what that extension says (`content`, as a detector read them); null otherwise (a 415).
 */
export const materialMimeType = (filename: string, content: string | null) => {
  const expected = (MATERIAL_TYPES as Partial<Record<string, (typeof MATERIAL_TYPES)['pdf']>>)[
    fileExtension(filename.trim())
  ]
  return expected !== undefined && expected.content === content ? expected.mimeType : null
}

const ODF_CONTENT: Readonly<Record<string, MaterialContent>> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
}

/** Office Open XML documents by the folder their main part is in. */
const OOXML_FOLDERS = [
  ['word/', 'docx'],
  ['ppt/', 'pptx'],
  ['xl/', 'xlsx'],
] as const

/**
 * The names of a zip's entries, read from its central directory, which the record ending the
 * archive points to (the end record is 22 bytes and a comment of at most 65,535). Empty when
 * there is no such directory, or it does not hold together.
 */
const zipEntryNames = (bytes: Uint8Array): string[] => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const latin1 = new TextDecoder('latin1')
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 22 - 0xffff); end -= 1) {
    if (view.getUint32(end, true) !== 0x06054b50) continue
    const names: string[] = []
    let entry = view.getUint32(end + 16, true)
    for (let left = view.getUint16(end + 10, true); left > 0; left -= 1) {
      if (entry + 46 > end || view.getUint32(entry, true) !== 0x02014b50) return []
      const nameEnd = entry + 46 + view.getUint16(entry + 28, true)
      if (nameEnd > end) return []
      names.push(latin1.decode(bytes.subarray(entry + 46, nameEnd)))
      entry = nameEnd + view.getUint16(entry + 30, true) + view.getUint16(entry + 32, true)
    }
    return names
  }
  return []
}

/**
 * A material's content by its magic bytes, as both backends judge an upload: the
 * signatures of pdf, png, jpg, rtf and OLE files; a zip is an OpenDocument file by its leading
 * `mimetype` entry, an Office Open XML file by a `[Content_Types].xml` entry and the folder of its
 * main part, wherever in the archive they are.
 */
export const sniffMaterialType = (bytes: Uint8Array): MaterialContent | null => {
  const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value)
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to))
  if (isPdfContent(bytes)) return 'pdf'
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png'
  if (starts(0xff, 0xd8, 0xff)) return 'jpg'
  if (ascii(0, 5) === '{\\rtf') return 'rtf'
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'cfb'
  if (starts(0x50, 0x4b, 0x03, 0x04)) {
    if (ascii(30, 38) === 'mimetype') {
      const odf = Object.entries(ODF_CONTENT).find(([mime]) => ascii(38, 38 + mime.length) === mime)
      if (odf) return odf[1]
    }
    const names = zipEntryNames(bytes)
    if (!names.includes('[Content_Types].xml')) return null
    const main = OOXML_FOLDERS.find(([folder]) => names.some((name) => name.startsWith(folder)))
    return main ? main[1] : null
  }
  return isPlainText(bytes) ? 'text' : null
}

/** The path a lesson's cover is shown from, relative to the API base. */
export const lessonImagePath = (lessonId: number) => buildPath(lessonImage.path, { id: lessonId })

/**
 * A file's name as its owner chose it, from an upload's form data: a browser sends `"` as `%22`
 * and a line break as `%0D` or `%0A` in the part's file name (the HTML standard's encoding), so
 * `"` is put back, and a line break, which no name shows, becomes a space.
 */
export const uploadedFileName = (sent: string) =>
  sent.replace(/%22/g, '"').replace(/%0D%0A|%0D|%0A/g, ' ')

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

/**
 * The type a material file is stored and sent as: its name has one of §5's extensions and its
 * bytes are what that extension says; null otherwise (a 415).
 */
export const materialFileType = (filename: string, bytes: Uint8Array) =>
  materialMimeType(filename, sniffMaterialType(bytes))

/** The extension a stored cover takes, by the type its bytes show. */
const IMAGE_EXTENSIONS: Readonly<Record<ImageMimeType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
}

/** An uploaded cover's type and the extension it is stored with, or null when it is no cover. */
export const coverImageType = (bytes: Uint8Array) => {
  const mimeType = sniffImageType(bytes)
  return mimeType === null ? null : { mimeType, extension: IMAGE_EXTENSIONS[mimeType] }
}
