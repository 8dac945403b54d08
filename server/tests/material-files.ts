import { crc32 } from 'node:zlib'

/**
 * Tiny but real files of every material type §5 allows, built in code: what the shared sniffer
 * (contract/files.ts sniffMaterialType) must recognise by content, not by name.
 */

/** A zip archive of stored (uncompressed) entries, in order, with its central directory. */
export const zip = (entries: readonly (readonly [name: string, text: string])[]) => {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of entries) {
    const nameBytes = Buffer.from(name)
    const data = Buffer.from(text)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const officeOpenXml = (folder: string, part: string, contentType: string) =>
  zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        `<Override PartName="/${folder}/${part}" ContentType="${contentType}.main+xml"/></Types>`,
    ],
    [`${folder}/${part}`, '<?xml version="1.0" encoding="UTF-8"?><root/>'],
  ])

const openDocument = (kind: string) =>
  zip([
    ['mimetype', `application/vnd.oasis.opendocument.${kind}`],
    ['content.xml', '<?xml version="1.0" encoding="UTF-8"?><office:document-content/>'],
  ])

/** An OLE compound file (doc, xls, ppt): its 512-byte header. */
const compoundFile = () =>
  Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504, 0xff)])

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
export const JPEG = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffdb004300' + '08'.repeat(64) + 'ffd9',
  'hex',
)
export const DOCX = officeOpenXml(
  'word',
  'document.xml',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
)
export const XLSX = officeOpenXml(
  'xl',
  'workbook.xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
)
export const PPTX = officeOpenXml(
  'ppt',
  'presentation.xml',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
)
export const ODT = openDocument('text')
export const ODS = openDocument('spreadsheet')
export const ODP = openDocument('presentation')
export const CFB = compoundFile()
export const RTF = Buffer.from('{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}} Hello}\n')
export const TEXT = Buffer.from('Useful phrases\nこんにちは — hello\n')
/** A Windows executable's start: 'MZ', then NUL bytes. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')])
