import { File as NodeFile } from 'node:buffer'

/** `size` bytes that read as a PDF: the backends judge an upload by its content. */
const pdfOfSize = (size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(new TextEncoder().encode('%PDF-1.4\n').slice(0, size))
  return bytes
}

/** The start of an OOXML presentation as the backends recognise one (a zip naming ppt/ parts). */
export const PPTX_CONTENT = 'PK\u0003\u0004[Content_Types].xml ppt/slides/slide1.xml'

/** A file as a user picks it: a name, and content given as text or as a size in bytes. */
export const materialFile = (
  name: string,
  content: string | number = '%PDF-1.4 notes',
  type = '',
) =>
  new NodeFile([typeof content === 'number' ? pdfOfSize(content) : content], name, {
    type,
  }) as unknown as File
