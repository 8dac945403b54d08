import { crc32, deflateSync } from 'node:zlib'

/** Cover images of the demo lessons: tiny PNGs generated here, so no binary file sits in the repository. */

const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const checksum = Buffer.alloc(4)
  checksum.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, checksum])
}

const hslToRgb = (hue: number, saturation: number, lightness: number): number[] => {
  // Half the chroma: the standard formula's `a`, which keeps every channel within 0..1.
  const a = saturation * Math.min(lightness, 1 - lightness)
  const f = (n: number) => {
    const k = (n + hue / 30) % 12
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
  }
  return [f(0), f(8), f(4)].map((value) => Math.round(value * 255))
}

const COVER_WIDTH = 336
const COVER_HEIGHT = 200

/** A 336×200 RGB PNG: a vertical gradient of one hue with a lighter band across it. */
export const coverPng = (hue: number): Buffer => {
  const rows: Buffer[] = []
  for (let y = 0; y < COVER_HEIGHT; y += 1) {
    const band = y > 120 && y < 150
    const lightness = band ? 0.8 : 0.65 - (0.3 * y) / COVER_HEIGHT
    const [r = 0, g = 0, b = 0] = hslToRgb(hue, 0.6, lightness)
    const row = Buffer.alloc(1 + COVER_WIDTH * 3)
    // Filter byte 0 (none), then the same colour across the row.
    for (let x = 0; x < COVER_WIDTH; x += 1) row.set([r, g, b], 1 + x * 3)
    rows.push(row)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(COVER_WIDTH, 0)
  header.writeUInt32BE(COVER_HEIGHT, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits per channel, truecolour, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}
