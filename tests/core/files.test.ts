import { describe, expect, it } from 'vitest'
import {
  attachmentDisposition,
  coverImageType,
  fileNameProblem,
  filePath,
  lessonImagePath,
  materialFileType,
  MATERIAL_TYPES,
  materialMimeType,
  sniffMaterialType,
  uploadedFileName,
} from '@contract/files'
import { MESSAGES } from '@contract/messages'
import {
  exceedsUploadLimit,
  FILE_NAME_MAX,
  fileExtension,
  IMAGE_MIME_TYPES,
  isAllowedMaterial,
  isBlankFileName,
  isPdfContent,
  isPlainText,
  MATERIAL_EXTENSIONS,
  resourceTypeFromFilename,
  sniffImageType,
  UPLOAD_LIMIT_BYTES,
} from '@contract/rules'

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part,
    ),
  )

/** A zip archive's first entry: its 30-byte local header, then its name and its data. */
const zipEntry = (name: string, data: string) =>
  bytes([0x50, 0x4b, 0x03, 0x04], new Array<number>(26).fill(0), name, data)

describe('uploadedFileName: the name chosen, from what a browser sends', () => {
  it.each([
    ['a plain name', 'notes.pdf', 'notes.pdf'],
    ['quotes', 'say %22hi%22.pdf', 'say "hi".pdf'],
    ['a CR LF', 'a%0D%0Ab.pdf', 'a b.pdf'],
    ['a lone CR or LF', 'a%0Db%0Ac.pdf', 'a b c.pdf'],
    ['Japanese', 'ひらがな表.pdf', 'ひらがな表.pdf'],
    ['another escape, kept', 'a%20b.pdf', 'a%20b.pdf'],
  ])('%s', (_case, sent, name) => {
    expect(uploadedFileName(sent)).toBe(name)
  })
})

describe('file names', () => {
  it.each([
    ['.png', true],
    ['   .png', true],
    ['   ', true],
    ['', true],
    ['.', true],
    ['a.png', false],
    ['a', false],
    ['ab', false],
    ['a.b.png', false],
    ['.a.png', false],
    [' x .pdf', false],
    ['\u200b\u200b.pdf', true],
    ['\u200bx.pdf', false],
  ])('%j is blank: %s (§5: only an extension or spaces)', (name, blank) => {
    expect(isBlankFileName(name)).toBe(blank)
  })

  it.each([
    ['notes.PDF', 'pdf'],
    ['archive.tar.gz', 'gz'],
    ['.png', 'png'],
    ['README', ''],
    ['trailing.', ''],
  ])('reads the extension of %j as %j', (name, ext) => {
    expect(fileExtension(name)).toBe(ext)
  })

  it('refuses a name with a NUL or a lone surrogate, a blank one, and a too long one', () => {
    expect(fileNameProblem('a\u0000.pdf')).toEqual(
      MESSAGES.validation.unstorableText({ field: 'filename' }),
    )
    expect(fileNameProblem('a\ud800.pdf')).toEqual(
      MESSAGES.validation.unstorableText({ field: 'filename' }),
    )
    expect(fileNameProblem('\u0000')).toEqual(
      MESSAGES.validation.unstorableText({ field: 'filename' }),
    )
    expect(fileNameProblem('.pdf')).toEqual(MESSAGES.uploads.blankName)
    expect(fileNameProblem('    ')).toEqual(MESSAGES.uploads.blankName)
    const longest = `${'a'.repeat(FILE_NAME_MAX - 4)}.pdf`
    expect(fileNameProblem(longest)).toBeNull()
    expect(fileNameProblem(`  ${longest}  `)).toBeNull()
    expect(fileNameProblem(`${'😀'.repeat(FILE_NAME_MAX - 4)}.pdf`)).toBeNull()
    expect(fileNameProblem(`a${longest}`)).toEqual(
      MESSAGES.uploads.nameTooLong({ count: FILE_NAME_MAX }),
    )
    expect(fileNameProblem('notes.pdf')).toBeNull()
  })
})

describe('upload limits', () => {
  it('takes a file of exactly 10 MiB, not one byte more', () => {
    expect(UPLOAD_LIMIT_BYTES).toBe(10 * 1_048_576)
    expect(exceedsUploadLimit(UPLOAD_LIMIT_BYTES)).toBe(false)
    expect(exceedsUploadLimit(UPLOAD_LIMIT_BYTES + 1)).toBe(true)
  })
})

describe('material files (§5)', () => {
  const ALL = [
    ['pdf', 'document'],
    ['doc', 'document'],
    ['docx', 'document'],
    ['odt', 'document'],
    ['rtf', 'document'],
    ['xls', 'document'],
    ['xlsx', 'document'],
    ['ods', 'document'],
    ['ppt', 'presentation'],
    ['pptx', 'presentation'],
    ['odp', 'presentation'],
    ['txt', 'text'],
    ['jpg', 'other'],
    ['jpeg', 'other'],
    ['png', 'other'],
  ] as const

  it('allows exactly the extensions of §5', () => {
    expect([...MATERIAL_EXTENSIONS].sort()).toEqual(ALL.map(([ext]) => ext).sort())
  })

  it.each(ALL)('allows .%s, in any case, as a %s', (ext, type) => {
    expect(isAllowedMaterial(`notes.${ext}`)).toBe(true)
    expect(isAllowedMaterial(`NOTES.${ext.toUpperCase()}`)).toBe(true)
    expect(resourceTypeFromFilename(`notes.${ext}`)).toBe(type)
    expect(resourceTypeFromFilename(`NOTES.${ext.toUpperCase()}`)).toBe(type)
  })

  it.each(['notes', 'notes.', 'notes.exe', 'notes.pdf.exe', 'pdf', 'notes.gif', 'notes.md'])(
    'refuses %j',
    (name) => {
      expect(isAllowedMaterial(name)).toBe(false)
      expect(resourceTypeFromFilename(name)).toBe('other')
    },
  )

  it.each([
    ['pdf', 'pdf', 'application/pdf'],
    ['doc', 'cfb', 'application/msword'],
    ['xls', 'cfb', 'application/vnd.ms-excel'],
    ['ppt', 'cfb', 'application/vnd.ms-powerpoint'],
    ['docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pptx', 'pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['odt', 'odt', 'application/vnd.oasis.opendocument.text'],
    ['ods', 'ods', 'application/vnd.oasis.opendocument.spreadsheet'],
    ['odp', 'odp', 'application/vnd.oasis.opendocument.presentation'],
    ['rtf', 'rtf', 'application/rtf'],
    ['txt', 'text', 'text/plain; charset=utf-8'],
    ['jpg', 'jpg', 'image/jpeg'],
    ['jpeg', 'jpg', 'image/jpeg'],
    ['png', 'png', 'image/png'],
  ])('stores a .%s whose bytes are %s as %s, and no other content', (ext, content, mimeType) => {
    expect(MATERIAL_TYPES[ext as keyof typeof MATERIAL_TYPES]).toEqual({ content, mimeType })
    expect(materialMimeType(`notes.${ext}`, content)).toBe(mimeType)
    expect(materialMimeType(`  Notes.${ext.toUpperCase()}  `, content)).toBe(mimeType)
    const other = content === 'pdf' ? 'png' : 'pdf'
    expect(materialMimeType(`notes.${ext}`, other)).toBeNull()
    expect(materialMimeType(`notes.${ext}`, null)).toBeNull()
  })

  it.each([
    ['notes', 'text'],
    ['notes.exe', 'pdf'],
    ['notes.constructor', 'pdf'],
    ['notes.__proto__', 'pdf'],
    ['notes.pdf ', null],
  ])('stores %j with bytes %j as nothing', (name, content) => {
    expect(materialMimeType(name, content)).toBeNull()
  })
})

describe('what bytes show a file is', () => {
  it('tells a PDF by its header', () => {
    expect(isPdfContent(bytes('%PDF-1.7\n'))).toBe(true)
    expect(isPdfContent(bytes('%PDF-'))).toBe(true)
    expect(isPdfContent(bytes('%PDF'))).toBe(false)
    expect(isPdfContent(bytes(' %PDF-1.7'))).toBe(false)
  })

  it.each([
    ['a PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    [
      'a PNG signature cut after four bytes',
      [0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x00, 0x00],
      null,
    ],
    ['a PNG signature short of its last byte', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a], null],
    ['a GIF of 1987', [...bytes('GIF87a')], 'image/gif'],
    ['GIF8 and anything', [...bytes('GIF8<script>')], null],
    ['a JPEG of three bytes', [0xff, 0xd8, 0xff], 'image/jpeg'],
    ['a GIF', [...bytes('GIF89a')], 'image/gif'],
    ['a WebP', [...bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')], 'image/webp'],
    ['a WAVE (RIFF, not WebP)', [...bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt ')], null],
    ['WEBP without RIFF', [...bytes('RIFX', [1, 2, 3, 4], 'WEBP')], null],
    ['a cut-off JPEG', [0xff, 0xd8], null],
    ['a PNG signature with one wrong byte', [0x89, 0x50, 0x00, 0x47], null],
    ['a first byte of PNG only', [0x89], null],
    ['text', [...bytes('hello')], null],
    ['nothing', [], null],
  ] as const)('sniffs %s as %s', (_case, data, type) => {
    expect(sniffImageType(new Uint8Array(data))).toBe(type)
  })

  it('tells text a text editor wrote from anything else', () => {
    expect(isPlainText(new TextEncoder().encode('かな and ascii\n'))).toBe(true)
    expect(isPlainText(bytes([0x61, 0x00, 0x62]))).toBe(false)
    expect(isPlainText(bytes([0x61, 0xff]))).toBe(false)
    expect(isPlainText(bytes([0x61, 0xe3, 0x81]))).toBe(false)
  })

  it('stores each of §5’s cover types with its own extension', () => {
    expect(IMAGE_MIME_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
    expect(coverImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({
      mimeType: 'image/jpeg',
      extension: 'jpg',
    })
    expect(coverImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({
      mimeType: 'image/png',
      extension: 'png',
    })
    expect(coverImageType(bytes('GIF89a'))).toEqual({ mimeType: 'image/gif', extension: 'gif' })
    expect(coverImageType(bytes('RIFF\0\0\0\0WEBP'))).toEqual({
      mimeType: 'image/webp',
      extension: 'webp',
    })
    expect(coverImageType(bytes('<svg>'))).toBeNull()
  })
})

describe('covers: still images only', () => {
  const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  /** A PNG chunk: its data's length (big-endian), its type, the data and a CRC (not checked). */
  const chunk = (type: string, length: number) =>
    bytes(
      [length >>> 24, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff],
      type,
      new Array<number>(length + 4).fill(0),
    )
  const png = (...chunks: Uint8Array[]) => bytes(SIGNATURE, ...chunks.map((c) => [...c]))

  it.each([
    ['a still PNG', png(chunk('IHDR', 13), chunk('IDAT', 300), chunk('IEND', 0)), 'image/png'],
    [
      'a PNG whose acTL follows its image data',
      png(chunk('IHDR', 13), chunk('IDAT', 2), chunk('acTL', 8)),
      'image/png',
    ],
    ['a PNG cut short after its header', png(chunk('IHDR', 13)), 'image/png'],
    ['an animated PNG', png(chunk('IHDR', 13), chunk('acTL', 8), chunk('IDAT', 2)), null],
    [
      'an animated PNG with text first',
      png(chunk('IHDR', 13), chunk('tEXt', 270), chunk('acTL', 8), chunk('IDAT', 2)),
      null,
    ],
    [
      'an animated PNG cut after the acTL type',
      bytes([...png(chunk('IHDR', 13))], [0, 0, 0, 8], 'acTL'),
      null,
    ],
  ])('sniffs %s as %s', (_case, data, type) => {
    expect(sniffImageType(data)).toBe(type)
  })

  it('reads a PNG inside a larger buffer from its own first byte', () => {
    const data = png(chunk('IHDR', 13), chunk('acTL', 8), chunk('IDAT', 2))
    const inside = new Uint8Array(data.length + 7)
    inside.set(data, 7)
    expect(sniffImageType(inside.subarray(7))).toBeNull()
  })

  it.each([
    [bytes([0xff, 0xd8, 0xff, 0xe0]), { mimeType: 'image/jpeg', extension: 'jpg' }],
    [bytes(SIGNATURE, [0, 0, 0, 0], 'IEND'), { mimeType: 'image/png', extension: 'png' }],
    [bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), { mimeType: 'image/webp', extension: 'webp' }],
    [bytes('GIF87a'), { mimeType: 'image/gif', extension: 'gif' }],
    [bytes('%PDF-1.7'), null],
  ])('stores a cover of %j as %j', (data, type) => {
    expect(coverImageType(data)).toEqual(type)
  })
})

describe('sniffMaterialType: a material by its magic bytes', () => {
  const odf = (mime: string) => zipEntry('mimetype', mime)
  /** A zip of stored entries with its central directory and end record (CRCs left at 0). */
  const zip = (...entries: (readonly [name: string, data: string])[]) => {
    const le = (value: number, size: 2 | 4) =>
      Array.from({ length: size }, (_, index) => (value >>> (8 * index)) & 0xff)
    const locals: number[] = []
    const directory: number[] = []
    for (const [name, data] of entries) {
      const [nameBytes, dataBytes] = [bytes(name), bytes(data)]
      const sizes = [...le(dataBytes.length, 4), ...le(dataBytes.length, 4)]
      directory.push(
        ...[0x50, 0x4b, 0x01, 0x02, 20, 0, 20, 0],
        ...new Array<number>(12).fill(0),
        ...sizes,
        ...le(nameBytes.length, 2),
        ...new Array<number>(12).fill(0),
        ...le(locals.length, 4),
        ...nameBytes,
      )
      locals.push(
        ...[0x50, 0x4b, 0x03, 0x04, 20, 0],
        ...new Array<number>(12).fill(0),
        ...sizes,
        ...le(nameBytes.length, 2),
        0,
        0,
        ...nameBytes,
        ...dataBytes,
      )
    }
    const count = le(entries.length, 2)
    return bytes(locals, directory, [0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0], count, count, [
      ...le(directory.length, 4),
      ...le(locals.length, 4),
      0,
      0,
    ])
  }
  const ooxml = (folder: string) =>
    zip(['[Content_Types].xml', '<Types/>'], [`${folder}document.xml`, '<document/>'])

  it.each([
    ['a PDF', bytes('%PDF-1.4\n'), 'pdf'],
    ['a PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'png'],
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'jpg'],
    ['an RTF', bytes('{\\rtf1\\ansi hello}'), 'rtf'],
    ['an OLE file', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), 'cfb'],
    ['an OpenDocument text', odf('application/vnd.oasis.opendocument.text'), 'odt'],
    ['a spreadsheet', odf('application/vnd.oasis.opendocument.spreadsheet'), 'ods'],
    ['a presentation', odf('application/vnd.oasis.opendocument.presentation'), 'odp'],
    ['a Word document', ooxml('word/'), 'docx'],
    ['a PowerPoint', ooxml('ppt/'), 'pptx'],
    ['an Excel workbook', ooxml('xl/'), 'xlsx'],
    ['UTF-8 text', new TextEncoder().encode('Notes: かな\n'), 'text'],
  ])('reads %s', (_case, data, content) => {
    expect(sniffMaterialType(data)).toBe(content)
  })

  it.each([
    ['a PNG signature cut after four bytes', bytes([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])],
    [
      'a PNG whose last signature byte is wrong',
      bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0]),
    ],
    ['an OLE signature with a wrong byte', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0])],
    ['an EPUB (a zip of another type)', odf('application/epub+zip')],
    ['a zip of something else', zipEntry('photo.jpg', 'word/ppt/xl/')],
    ['a zip without its types file', zipEntry('word/document.xml', 'xl/')],
    ['a types file of no known folder', ooxml('docs/')],
    [
      'an ODF type not in the mimetype entry',
      zipEntry('mimetypX', 'application/vnd.oasis.opendocument.text'),
    ],
    ['binary bytes', bytes([0x00, 0x01, 0x02])],
    ['invalid UTF-8', bytes([0x61, 0xff])],
  ])('reads %s as nothing', (_case, data) => {
    expect(sniffMaterialType(data)).toBeNull()
  })

  it('reads the entries from the central directory, wherever in the archive they are', () => {
    // A document whose picture comes first (as some editors write them): its parts lie past
    // the first 64 KiB.
    const late = zip(
      ['media/image1.png', 'x'.repeat(100_000)],
      ['word/document.xml', '<document/>'],
      ['[Content_Types].xml', '<Types/>'],
    )
    expect(sniffMaterialType(late)).toBe('docx')
    // The first main folder found decides; a file of only other folders is none of them.
    expect(sniffMaterialType(zip(['[Content_Types].xml', ''], ['xl/a.xml', '']))).toBe('xlsx')
    expect(sniffMaterialType(zip(['[Content_Types].xml', ''], ['docs/word/a.xml', '']))).toBeNull()
  })

  it('reads names, not contents: entries that only mention the types file are nothing', () => {
    const mentions = zip(['notes.txt', '[Content_Types].xml word/document.xml ppt/ xl/'])
    expect(sniffMaterialType(mentions)).toBeNull()
  })

  it('refuses a zip whose directory is missing, cut short or pointing elsewhere', () => {
    const whole = ooxml('word/')
    expect(sniffMaterialType(whole)).toBe('docx')
    // Without its end record, or with it cut off.
    expect(sniffMaterialType(whole.subarray(0, whole.length - 22))).toBeNull()
    expect(sniffMaterialType(whole.subarray(0, whole.length - 1))).toBeNull()
    // An end record counting more entries than the directory holds.
    const more = whole.slice()
    more[whole.length - 12] = 3
    expect(sniffMaterialType(more)).toBeNull()
    // A directory offset past the end record, or at a byte that starts no entry.
    for (const offset of [whole.length, 1]) {
      const moved = whole.slice()
      new DataView(moved.buffer).setUint32(whole.length - 6, offset, true)
      expect(sniffMaterialType(moved)).toBeNull()
    }
    // A name running past the end record.
    const long = whole.slice()
    const directoryAt = new DataView(long.buffer).getUint32(whole.length - 6, true)
    new DataView(long.buffer).setUint16(directoryAt + 28, 0xffff, true)
    expect(sniffMaterialType(long)).toBeNull()
  })

  it('types a material file by its name and its bytes together', () => {
    expect(materialFileType('notes.pdf', bytes('%PDF-1.4\n'))).toBe('application/pdf')
    expect(materialFileType('notes.docx', ooxml('word/'))).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
    expect(materialFileType('notes.pdf', bytes('plain text'))).toBeNull()
    expect(materialFileType('notes.txt', bytes('plain text'))).toBe('text/plain; charset=utf-8')
    expect(materialFileType('notes.exe', bytes([0x4d, 0x5a, 0x90, 0x00]))).toBeNull()
  })
})

describe('download paths and headers', () => {
  it('builds the paths a cover and a file are fetched from', () => {
    expect(lessonImagePath(12)).toBe('/lessons/12/image')
    expect(filePath(34)).toBe('/files/34')
  })

  it.each([
    ['notes.pdf', 'attachment; filename="notes.pdf"'],
    ['a ~ b.pdf', 'attachment; filename="a ~ b.pdf"'],
    [
      'say "hi"\\.txt',
      `attachment; filename="say _hi__.txt"; filename*=UTF-8''say%20%22hi%22%5C.txt`,
    ],
    ['tab\there.txt', `attachment; filename="tab_here.txt"; filename*=UTF-8''tab%09here.txt`],
    ['del\u007f.txt', `attachment; filename="del_.txt"; filename*=UTF-8''del%7F.txt`],
    [
      "日本's (1)*.pdf",
      `attachment; filename="__'s (1)*.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%27s%20%281%29%2A.pdf`,
    ],
  ])('sends %j as %j', (name, header) => {
    expect(attachmentDisposition(name)).toBe(header)
  })
})
