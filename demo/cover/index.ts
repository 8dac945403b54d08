import { COVER_HEIGHT, COVER_WIDTH } from '../../contract/rules.ts'
import type { DemoWorld, WorldLesson } from '../resolve.ts'
import type { CategoryKey } from '../world.ts'
import { MOTIFS } from './motifs.ts'
import { encodePng } from './png.ts'
import { Canvas, type Point } from './raster.ts'
import { randomFrom, Scene } from './scene.ts'
import { circle, hsl, linear, polygon, rect, ring, union } from './shapes.ts'

/**
 * The demo lessons' covers: an illustration of the lesson's category in the lesson's colour,
 * composed from the lesson's seed, as a PNG (never SVG: uploads and the files endpoint only
 * deal in raster images). The same input always gives the same bytes, so the server's seed and
 * the mock catalogue show the same covers.
 */
export interface DemoCover {
  category: CategoryKey
  /** The lesson's colour, degrees. */
  hue: number
  /** Varies the composition: the lesson's key. */
  seed: string
}

export { MOTIFS }

export const demoCoverPng = ({ category, hue, seed }: DemoCover): Uint8Array => {
  const random = randomFrom(`${category}:${seed}`)
  const canvas = new Canvas(
    COVER_WIDTH,
    COVER_HEIGHT,
    linear(0, 0, COVER_WIDTH, COVER_HEIGHT, hsl(hue - 12, 0.62, 0.6), hsl(hue + 24, 0.6, 0.36)),
  )
  const scene = new Scene(canvas, hue, random)
  background(scene)
  MOTIFS[category](scene)
  sparkles(scene)
  return encodePng(COVER_WIDTH, COVER_HEIGHT, canvas.toRgb8())
}

/** Soft light, large translucent forms and a dotted patch behind the illustration. */
const background = (scene: Scene) => {
  const p = scene.palette
  const { width, height } = scene
  {
    const x = scene.between(0.1, 0.9) * width
    const y = scene.between(0.1, 0.6) * height
    const radius = scene.between(200, 300)
    // Light in rings rather than a smooth radial gradient: a flat style that also compresses.
    for (let step = 1; step <= 3; step += 1)
      scene.fill(circle(x, y, (radius * step) / 3), p.light, 0.1)
  }
  const big = scene.layout.side > 0 ? scene.between(0.05, 0.3) : scene.between(0.7, 0.95)
  scene.fill(
    ring(big * width, scene.between(0.1, 0.9) * height, scene.between(120, 170), 26),
    p.paper,
    0.08,
  )
  scene.fill(
    circle(scene.between(0.3, 0.7) * width, height * 1.15, scene.between(200, 260)),
    p.deep,
    0.25,
  )

  // A gentle hill of the lesson's deeper tone along the bottom.
  const crest = height * scene.between(0.72, 0.82)
  const phase = scene.between(0, Math.PI * 2)
  const hill: Point[] = [
    [0, height],
    [width, height],
  ]
  for (let x = width; x >= 0; x -= 16)
    hill.push([x, crest + 18 * Math.sin((x / width) * Math.PI * 2 + phase)])
  scene.fill(polygon(hill), p.deep, 0.3)

  const dots = []
  const dotX =
    scene.layout.side > 0 ? scene.between(0.04, 0.14) * width : scene.between(0.74, 0.84) * width
  const dotY = scene.between(0.06, 0.16) * height
  for (let row = 0; row < 4; row += 1) {
    for (let column = 0; column < 6; column += 1)
      dots.push(circle(dotX + column * 16, dotY + row * 16, 2.6))
  }
  scene.fill(union(...dots), p.paper, 0.35)
}

/** A few four-pointed sparkles and dots over everything. */
const sparkles = (scene: Scene) => {
  const p = scene.palette
  for (let index = 0; index < 4; index += 1) {
    const x = scene.between(0.05, 0.95) * scene.width
    const y = scene.between(0.06, 0.5) * scene.height
    const size = scene.between(6, 12)
    const waist = size * 0.25
    scene.fill(
      polygon([
        [x, y - size],
        [x + waist, y - waist],
        [x + size, y],
        [x + waist, y + waist],
        [x, y + size],
        [x - waist, y + waist],
        [x - size, y],
        [x - waist, y - waist],
      ]),
      p.paper,
      0.75,
    )
  }
  for (let index = 0; index < 5; index += 1) {
    const x = scene.between(0.03, 0.97) * scene.width
    const y = scene.between(0.05, 0.95) * scene.height
    scene.fill(rect(x, y, 5, 5, 2.5), p.paper, 0.4)
  }
}

const isCategoryKey = (key: string): key is CategoryKey => Object.hasOwn(MOTIFS, key)

const cache = new Map<string, Uint8Array>()

/**
 * A demo lesson's cover, or null for a lesson the world gives none. Drawn once per process:
 * the seed and the mocks' resets ask again and again, and drawing takes tens of milliseconds.
 * The bytes are shared: callers must not change them.
 */
export const demoLessonCover = (world: DemoWorld, lesson: WorldLesson): Uint8Array | null => {
  if (lesson.coverHue === null) return null
  const category = world.categories[lesson.category]?.key
  if (category === undefined || !isCategoryKey(category)) {
    throw new Error(`The demo lesson ${lesson.key} has no category with a cover motif`)
  }
  const cover = { category, hue: lesson.coverHue, seed: lesson.key }
  const key = `${cover.category}:${cover.hue}:${cover.seed}`
  const cached = cache.get(key)
  if (cached) return cached
  const bytes = demoCoverPng(cover)
  cache.set(key, bytes)
  return bytes
}
