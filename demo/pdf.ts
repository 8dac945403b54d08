/**
 * A one-page PDF showing a title and lines of plain ASCII text in Helvetica: enough for a demo
 * material that opens in any viewer, written as text so no binary file sits in the repository.
 */
export const textPdf = (title: string, lines: readonly string[]): string => {
  // Offsets and lengths below count characters, which are bytes only for ASCII.
  if (![title, ...lines].every((text) => /^[\x20-\x7e]*$/.test(text))) {
    throw new Error('textPdf writes printable ASCII only')
  }
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`)
  const content = [
    'BT',
    '/F1 24 Tf 72 760 Td',
    `(${escape(title)}) Tj`,
    '/F1 16 Tf 0 -40 Td 24 TL',
    ...lines.map((line) => `(${escape(line)}) Tj T*`),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ' +
      '/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(pdf.length)
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = pdf.length
  const entry = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map(entry).join('')}`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return pdf
}
