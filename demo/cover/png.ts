import { zlibSync } from 'fflate'

/**
 * An 8-bit RGB PNG, unfiltered: the covers' diagonal gradients make each row a shifted copy of
 * the one above, which deflate finds on its own; PNG's predictors only hide that (measured: a
 * third larger with libpng's per-row filter heuristic).
 */
export const encodePng = (width: number, height: number, rgb: Uint8Array): Uint8Array => {
  const rowLength = width * 3
  const rows = new Uint8Array((rowLength + 1) * height)
  for (let y = 0; y < height; y += 1) {
    // Each row opens with its filter type, 0 (none).
    rows.set(rgb.subarray(y * rowLength, (y + 1) * rowLength), y * (rowLength + 1) + 1)
  }
  const header = new Uint8Array(13)
  const view = new DataView(header.buffer)
  view.setUint32(0, width)
  view.setUint32(4, height)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits per channel, truecolour, no interlace
  return concat([
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(rows, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ])
}

const concat = (parts: Uint8Array[]) => {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    whole.set(part, offset)
    offset += part.length
  }
  return whole
}

const chunk = (type: string, data: Uint8Array) => {
  const typed = concat([new TextEncoder().encode(type), data])
  const framed = new Uint8Array(typed.length + 8)
  const view = new DataView(framed.buffer)
  view.setUint32(0, data.length)
  framed.set(typed, 4)
  view.setUint32(typed.length + 4, crc32(typed))
  return framed
}

const CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1
  return crc >>> 0
})

/** The CRC-32 every PNG chunk ends with. */
const crc32 = (bytes: Uint8Array) => {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}
