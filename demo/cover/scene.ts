import { type Canvas, type Paint, type Point, type Rgba, type Shape } from './raster.ts'
import { type GlyphName, placeGlyph } from './glyphs.ts'
import { hsl, stroke, translate, union } from './shapes.ts'

/** The colours of one cover, all drawn from the lesson's hue. */
export interface Palette {
  /** Near-white, tinted: cards, bubbles, glass. */
  paper: Rgba
  /** Near-black, tinted: text, outlines. */
  ink: Rgba
  deep: Rgba
  mid: Rgba
  light: Rgba
  /** A contrasting highlight (the hue's opposite side). */
  accent: Rgba
  /** A warm highlight. */
  warm: Rgba
  shadow: Rgba
}

export const paletteOf = (hue: number): Palette => ({
  paper: hsl(hue, 0.5, 0.975),
  ink: hsl(hue, 0.45, 0.17),
  deep: hsl(hue, 0.55, 0.32),
  mid: hsl(hue, 0.6, 0.55),
  light: hsl(hue, 0.75, 0.84),
  accent: hsl(hue + 160, 0.7, 0.6),
  warm: hsl(hue + 45, 0.95, 0.64),
  shadow: hsl(hue, 0.7, 0.12, 0.24),
})

/** A deterministic random source from a text seed (FNV-1a into mulberry32). */
export const randomFrom = (seed: string) => {
  let state = 0x811c9dc5
  for (const character of seed) {
    state ^= character.codePointAt(0) ?? 0
    state = Math.imul(state, 0x01000193) >>> 0
  }
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Where a drawing stands: its centre, scale and tilt (radians). */
export interface Frame {
  x: number
  y: number
  scale: number
  tilt: number
}

/** The main illustration's frame, drawn once per lesson. */
export interface Layout extends Frame {
  /** -1 when the illustration stands on the left, 1 on the right: the free side gets extras. */
  side: -1 | 1
}

export class Scene {
  readonly canvas: Canvas
  readonly palette: Palette
  readonly random: () => number
  readonly hue: number
  readonly layout: Layout

  constructor(canvas: Canvas, hue: number, random: () => number) {
    this.canvas = canvas
    this.hue = hue
    this.palette = paletteOf(hue)
    this.random = random
    const side = random() < 0.5 ? -1 : 1
    this.layout = {
      side,
      x: canvas.width * (0.5 + side * this.between(0.12, 0.2)),
      y: canvas.height * this.between(0.48, 0.56),
      scale: this.between(0.92, 1.08),
      tilt: this.between(-0.1, 0.1),
    }
  }

  get width() {
    return this.canvas.width
  }

  get height() {
    return this.canvas.height
  }

  between(low: number, high: number) {
    return low + (high - low) * this.random()
  }

  pick<T>(choices: readonly T[]): T {
    const choice = choices[Math.floor(this.random() * choices.length)]
    if (choice === undefined) throw new Error('Nothing to pick from')
    return choice
  }

  fill(shape: Shape, paint: Paint, opacity = 1) {
    this.canvas.fill(shape, paint, opacity)
  }

  /** A shape over its soft offset shadow, so it stands off the background. */
  raised(shape: Shape, paint: Paint, lift = 7) {
    this.canvas.fill(translate(shape, lift * 0.6, lift), this.palette.shadow)
    this.canvas.fill(shape, paint)
  }

  /** A glyph written with a round pen, in a box of the given size at (x, y). */
  glyph(name: GlyphName, x: number, y: number, size: number, pen = size * 0.12): Shape {
    return union(...placeGlyph(name, x, y, size).map((points) => stroke(points, pen)))
  }

  /** A shape drawn around (0, 0), moved to a frame (the main illustration's by default). */
  place(shape: Shape, frame: Frame = this.layout): Shape {
    const cos = Math.cos(frame.tilt)
    const sin = Math.sin(frame.tilt)
    return shape.map((points) =>
      points.map(([dx, dy]): Point => [
        frame.x + (dx * cos - dy * sin) * frame.scale,
        frame.y + (dx * sin + dy * cos) * frame.scale,
      ]),
    )
  }

  /** A frame on the free side of the cover, for a secondary drawing. */
  free(scale: number): Frame {
    const side = -this.layout.side
    return {
      x: this.width * (0.5 + side * this.between(0.25, 0.32)),
      y: this.height * this.between(0.4, 0.6),
      scale,
      tilt: this.between(-0.25, 0.25),
    }
  }
}
