import type { Point } from './raster.ts'
import { arc, bezier } from './shapes.ts'

/**
 * Letters, kana and maths symbols as pen strokes in a unit box (y down), for the covers' speech
 * bubbles and floating symbols: no font is needed to draw them.
 */
export type Glyph = readonly (readonly Point[])[]

const line = (...points: Point[]): Point[] => points
/** Arcs in the unit box, with enough points to stay round at any size. */
const round = (cx: number, cy: number, rx: number, ry: number, from: number, to: number) =>
  arc(cx, cy, rx, ry, from, to, 48)

export const GLYPHS = {
  A: [line([0.12, 1], [0.5, 0], [0.88, 1]), line([0.27, 0.62], [0.73, 0.62])],
  a: [round(0.45, 0.66, 0.3, 0.32, 0, Math.PI * 2), line([0.76, 0.32], [0.76, 1])],
  b: [line([0.22, 0], [0.22, 1]), round(0.52, 0.66, 0.3, 0.32, 0, Math.PI * 2)],
  c: [round(0.52, 0.66, 0.32, 0.32, Math.PI * 0.28, Math.PI * 1.72)],
  o: [round(0.5, 0.66, 0.32, 0.32, 0, Math.PI * 2)],
  の: [
    [
      ...bezier([0.55, 0.22], [0.52, 0.55], [0.42, 0.88], [0.22, 0.86]),
      ...bezier([0.22, 0.86], [0.02, 0.84], [0.02, 0.3], [0.45, 0.2]),
      ...bezier([0.45, 0.2], [0.92, 0.1], [1.08, 0.62], [0.68, 0.92]),
    ],
  ],
  こ: [
    [...bezier([0.26, 0.24], [0.42, 0.3], [0.62, 0.28], [0.74, 0.22]), [0.66, 0.34]],
    bezier([0.22, 0.66], [0.2, 0.86], [0.5, 0.9], [0.82, 0.84]),
  ],
  い: [
    bezier([0.18, 0.2], [0.12, 0.6], [0.2, 0.9], [0.36, 0.8]),
    bezier([0.7, 0.3], [0.84, 0.44], [0.9, 0.58], [0.88, 0.72]),
  ],
  し: [bezier([0.36, 0.08], [0.3, 0.6], [0.28, 1], [0.82, 0.7])],
  plus: [line([0.5, 0.1], [0.5, 0.9]), line([0.1, 0.5], [0.9, 0.5])],
  times: [line([0.2, 0.2], [0.8, 0.8]), line([0.8, 0.2], [0.2, 0.8])],
  equals: [line([0.12, 0.36], [0.88, 0.36]), line([0.12, 0.64], [0.88, 0.64])],
  pi: [
    line([0.05, 0.22], [0.95, 0.22]),
    bezier([0.34, 0.22], [0.34, 0.6], [0.3, 0.85], [0.18, 0.95]),
    bezier([0.66, 0.22], [0.64, 0.7], [0.7, 0.95], [0.88, 0.88]),
  ],
  root: [line([0.02, 0.56], [0.16, 0.48], [0.36, 0.94], [0.62, 0.06], [1, 0.06])],
  sigma: [line([0.86, 0.1], [0.14, 0.1], [0.52, 0.5], [0.14, 0.9], [0.86, 0.9])],
} satisfies Record<string, Glyph>

export type GlyphName = keyof typeof GLYPHS

/** The glyph's strokes placed in a box of the given size at (x, y). */
export const placeGlyph = (name: GlyphName, x: number, y: number, size: number): Point[][] =>
  GLYPHS[name].map((points) => points.map(([px, py]): Point => [x + px * size, y + py * size]))
