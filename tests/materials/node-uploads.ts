import { File as NodeFile } from 'node:buffer'
import { zip } from '../../server/tests/material-files'

/** `size` bytes that read as a PDF: the backends judge an upload by its content. */
const pdfOfSize = (size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(new TextEncoder().encode('%PDF-1.4\n').slice(0, size))
  return bytes
}

/** A small OOXML presentation: a zip whose directory names its types file and a ppt/ part. */
export const PPTX_CONTENT = zip([
  ['[Content_Types].xml', '<Types/>'],
  ['ppt/slides/slide1.xml', '<p:sld/>'],
])

/** A file as a user picks it: a name, and content given as text or as a size in bytes. */
export const materialFile = (
  name: string,
  content: string | number | Uint8Array = '%PDF-1.4 notes',
  type = '',
) =>
  new NodeFile([typeof content === 'number' ? pdfOfSize(content) : content], name, {
    type,
  }) as unknown as File
