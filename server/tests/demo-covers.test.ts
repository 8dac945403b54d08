import { crc32, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { demoCoverPng, demoLessonCover, MOTIFS } from '../../demo/cover/index.ts'
import { Canvas } from '../../demo/cover/raster.ts'
import { rect, ring } from '../../demo/cover/shapes.ts'
import { demoWorld } from '../../demo/resolve.ts'
import { CATEGORIES, type CategoryKey } from '../../demo/world.ts'
import { COVER_HEIGHT, COVER_WIDTH } from '../../contract/rules.ts'

/** The PNG's chunks, each checked against its CRC, and its pixels as RGB rows. */
const decode = (bytes: Uint8Array) => {
  const png = Buffer.from(bytes)
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  const chunks: { type: string; data: Buffer }[] = []
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    const typed = png.subarray(at + 4, at + 8 + length)
    expect(png.readUInt32BE(at + 8 + length), 'chunk CRC').toBe(crc32(typed))
    chunks.push({ type: typed.subarray(0, 4).toString('ascii'), data: typed.subarray(4) })
    at += 12 + length
  }
  expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND'])
  const header = chunks[0]!.data
  const width = header.readUInt32BE(0)
  const height = header.readUInt32BE(4)
  // 8 bits per channel, RGB, deflate, PNG's filter set, no interlace.
  expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0])
  const raw = inflateSync(chunks[1]!.data)
  const rowLength = 1 + width * 3
  expect(raw.length).toBe(rowLength * height)
  const pixel = (x: number, y: number) => {
    // The encoder writes unfiltered rows, which this reader relies on.
    expect(raw[y * rowLength]).toBe(0)
    const at = y * rowLength + 1 + x * 3
    return [raw[at]!, raw[at + 1]!, raw[at + 2]!] as const
  }
  return { width, height, pixel }
}

const world = demoWorld(Date.now(), { showcase: true })
const lessonsWithCovers = world.lessons.filter((lesson) => lesson.coverHue !== null)
const coverOf = (category: CategoryKey, hue = 210, seed = 'lesson') =>
  demoCoverPng({ category, hue, seed })

describe('demo covers', () => {
  it('are PNGs of the cover frame, twice the card size', () => {
    const { width, height } = decode(coverOf('music'))
    expect([width, height]).toEqual([COVER_WIDTH, COVER_HEIGHT])
    expect([COVER_WIDTH, COVER_HEIGHT]).toEqual([672, 378])
    // The cards' aspect-video frame.
    expect(COVER_WIDTH / COVER_HEIGHT).toBeCloseTo(16 / 9, 2)
  })

  it('give the same bytes for the same lesson, every time', () => {
    const first = coverOf('science', 60, 'physics')
    expect(Buffer.compare(Buffer.from(first), Buffer.from(coverOf('science', 60, 'physics')))).toBe(
      0,
    )
  })

  it('differ by lesson, by colour and by category', () => {
    const covers = [
      coverOf('languages', 350, 'a'),
      coverOf('languages', 350, 'b'),
      coverOf('languages', 120, 'a'),
      ...CATEGORIES.map(({ key }) => coverOf(key, 350, 'a')),
    ].map((bytes) => Buffer.from(bytes).toString('base64'))
    // languages/350/a appears twice on purpose: once alone, once in the category sweep.
    expect(new Set(covers).size).toBe(covers.length - 1)
  })

  it('has a motif for every category of the demo world, and nothing else', () => {
    expect(Object.keys(MOTIFS).sort()).toEqual(CATEGORIES.map(({ key }) => key).sort())
  })

  it.each(CATEGORIES.map(({ key }) => key))(
    'draws an illustration for %s, not a stripe: colours vary along every band of rows',
    (category) => {
      const { pixel } = decode(coverOf(category))
      for (const y of [60, 189, 300]) {
        const colours = new Set<string>()
        for (let x = 0; x < COVER_WIDTH; x += 4) colours.add(pixel(x, y).join())
        expect(colours.size, `row ${y}`).toBeGreaterThan(20)
      }
    },
  )

  it.each([
    [0, 0],
    [120, 1],
    [240, 2],
  ])("take the lesson's colour: at hue %i, channel %i leads on average", (hue, channel) => {
    const { pixel } = decode(coverOf('mathematics', hue, 'colour'))
    const sums = [0, 0, 0]
    for (let y = 0; y < COVER_HEIGHT; y += 7) {
      for (let x = 0; x < COVER_WIDTH; x += 7) {
        pixel(x, y).forEach((value, index) => (sums[index] = sums[index]! + value))
      }
    }
    expect(Math.max(...sums)).toBe(sums[channel])
  })

  it('every demo lesson with a colour gets a distinct cover within the size budget', () => {
    const covers = lessonsWithCovers.map((lesson) => demoLessonCover(world, lesson)!)
    expect(covers.length).toBeGreaterThanOrEqual(12)
    for (const cover of covers) expect(cover.length).toBeLessThan(80 * 1024)
    expect(new Set(covers.map((cover) => Buffer.from(cover).toString('base64'))).size).toBe(
      covers.length,
    )
  })

  it('gives no cover to a lesson without a colour, and refuses a category without a motif', () => {
    const lesson = lessonsWithCovers[0]!
    expect(demoLessonCover(world, { ...lesson, coverHue: null })).toBeNull()
    const unknown = { ...world, categories: [{ key: 'dance', title: 'Dance', titleJp: 'ダンス' }] }
    expect(() => demoLessonCover(unknown, { ...lesson, category: 0 })).toThrow(
      `The demo lesson ${lesson.key} has no category with a cover motif`,
    )
  })
})

describe('the cover rasterizer', () => {
  const black = [0, 0, 0, 1] as const
  const white = [1, 1, 1, 1] as const
  const grey = (canvas: Canvas, x: number, y: number) => canvas.pixels[(y * canvas.width + x) * 3]

  it('covers whole pixels fully and an edge pixel by the share it covers', () => {
    const canvas = new Canvas(8, 4, black)
    canvas.fill(rect(0, 0, 3.25, 4), white)
    expect(grey(canvas, 2, 1)).toBeCloseTo(1, 5)
    expect(grey(canvas, 3, 1)).toBeCloseTo(0.25, 5)
    expect(grey(canvas, 4, 1)).toBe(0)
  })

  it('keeps the part of a shape that lies on the canvas when the rest is off it', () => {
    const canvas = new Canvas(8, 4, black)
    canvas.fill(rect(-20, -5, 22.5, 30), white, 0.5)
    expect(grey(canvas, 0, 0)).toBeCloseTo(0.5, 5)
    expect(grey(canvas, 1, 3)).toBeCloseTo(0.5, 5)
    expect(grey(canvas, 2, 2)).toBeCloseTo(0.25, 5)
    expect(grey(canvas, 3, 2)).toBe(0)
    canvas.fill(rect(6, 1, 40, 2), white)
    expect(grey(canvas, 7, 1)).toBeCloseTo(1, 5)
    expect(grey(canvas, 7, 0)).toBe(0)
  })

  it('leaves the hole of a ring unpainted', () => {
    const canvas = new Canvas(40, 40, black)
    canvas.fill(ring(20, 20, 12, 4), white)
    expect(grey(canvas, 20, 20)).toBe(0)
    expect(grey(canvas, 32, 20)).toBeCloseTo(1, 1)
  })
})
