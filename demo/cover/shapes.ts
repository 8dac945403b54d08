import type { Point, Rgba, Shape } from './raster.ts'

/** Outlines for the cover scenes, every filled ring clockwise on screen (positive area). */

const signedArea = (ring: readonly Point[]) => {
  let sum = 0
  for (let index = 0; index < ring.length; index += 1) {
    const [x0, y0] = ring[index] ?? [0, 0]
    const [x1, y1] = ring[(index + 1) % ring.length] ?? [0, 0]
    sum += x0 * y1 - x1 * y0
  }
  return sum / 2
}

/** The ring turned clockwise, so overlapping parts of one shape add up instead of cancelling. */
const clockwise = (ring: readonly Point[]) => (signedArea(ring) < 0 ? [...ring].reverse() : ring)
const counterClockwise = (ring: readonly Point[]) => [...clockwise(ring)].reverse()

export const polygon = (points: readonly Point[]): Shape => [clockwise(points)]

/**
 * Points along an elliptic arc, about one every 3 px along the curve (give the steps when drawing
 * in a unit box to scale up later).
 */
export const arc = (
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  from: number,
  to: number,
  steps = Math.max(6, Math.ceil((Math.abs(to - from) * Math.max(rx, ry)) / 3)),
): Point[] =>
  Array.from({ length: steps + 1 }, (_, step): Point => {
    const angle = from + ((to - from) * step) / steps
    return [cx + rx * Math.cos(angle), cy + ry * Math.sin(angle)]
  })

export const ellipse = (cx: number, cy: number, rx: number, ry: number): Shape => [
  clockwise(arc(cx, cy, rx, ry, 0, Math.PI * 2).slice(0, -1)),
]

export const circle = (cx: number, cy: number, radius: number): Shape =>
  ellipse(cx, cy, radius, radius)

/** A ring of the given width around a circle's edge. */
export const ring = (cx: number, cy: number, radius: number, width: number): Shape => [
  ...circle(cx, cy, radius + width / 2),
  counterClockwise(circle(cx, cy, radius - width / 2)[0] ?? []),
]

export const rect = (x: number, y: number, width: number, height: number, radius = 0): Shape => {
  const r = Math.min(radius, width / 2, height / 2)
  if (r <= 0) {
    return polygon([
      [x, y],
      [x + width, y],
      [x + width, y + height],
      [x, y + height],
    ])
  }
  const quarter = Math.PI / 2
  return polygon([
    ...arc(x + width - r, y + r, r, r, -quarter, 0),
    ...arc(x + width - r, y + height - r, r, r, 0, quarter),
    ...arc(x + r, y + height - r, r, r, quarter, 2 * quarter),
    ...arc(x + r, y + r, r, r, 2 * quarter, 3 * quarter),
  ])
}

/** A shape with holes: the holes' rings reversed, so they cut instead of adding. */
export const withHoles = (outer: Shape, ...holes: Shape[]): Shape => [
  ...outer,
  ...holes.flatMap((hole) => hole.map(counterClockwise)),
]

/** Points along a cubic Bézier curve. */
export const bezier = (p0: Point, p1: Point, p2: Point, p3: Point, steps = 24): Point[] =>
  Array.from({ length: steps + 1 }, (_, step): Point => {
    const t = step / steps
    const u = 1 - t
    const a = u * u * u
    const b = 3 * u * u * t
    const c = 3 * u * t * t
    const d = t * t * t
    return [
      a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
      a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
    ]
  })

/**
 * A line through the points drawn with a round pen whose width may change along the way (a
 * brush stroke that tapers): a round dab at every point and a band between each two.
 */
export const stroke = (
  points: readonly Point[],
  width: number | ((t: number) => number),
): Shape => {
  const widthAt = typeof width === 'number' ? () => width : width
  const shape: (readonly Point[])[] = []
  points.forEach((point, index) => {
    const radius = widthAt(points.length > 1 ? index / (points.length - 1) : 0) / 2
    if (radius <= 0.05) return
    shape.push(...circle(point[0], point[1], radius))
    const next = points[index + 1]
    if (!next) return
    const nextRadius = widthAt((index + 1) / (points.length - 1)) / 2
    const length = Math.hypot(next[0] - point[0], next[1] - point[1])
    if (length < 1e-6) return
    const nx = -(next[1] - point[1]) / length
    const ny = (next[0] - point[0]) / length
    shape.push(
      clockwise([
        [point[0] + nx * radius, point[1] + ny * radius],
        [next[0] + nx * nextRadius, next[1] + ny * nextRadius],
        [next[0] - nx * nextRadius, next[1] - ny * nextRadius],
        [point[0] - nx * radius, point[1] - ny * radius],
      ]),
    )
  })
  return shape
}

/** The shape turned by an angle (radians) around a point. */
export const rotate = (shape: Shape, angle: number, cx: number, cy: number): Shape => {
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  return shape.map((ringPoints) =>
    ringPoints.map(([x, y]): Point => {
      const dx = x - cx
      const dy = y - cy
      return [cx + dx * cos - dy * sin, cy + dx * sin + dy * cos]
    }),
  )
}

export const translate = (shape: Shape, dx: number, dy: number): Shape =>
  shape.map((ringPoints) => ringPoints.map(([x, y]): Point => [x + dx, y + dy]))

export const union = (...shapes: Shape[]): Shape => shapes.flat()

/** A colour from hue (degrees), saturation and lightness (0..1), with an alpha. */
export const hsl = (hue: number, saturation: number, lightness: number, alpha = 1): Rgba => {
  // Half the chroma: the standard formula's `a`, which keeps every channel within 0..1.
  const a = saturation * Math.min(lightness, 1 - lightness)
  const channel = (n: number) => {
    const k = (n + (((hue % 360) + 360) % 360) / 30) % 12
    return lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
  }
  return [channel(0), channel(8), channel(4), alpha]
}

const mix = (from: Rgba, to: Rgba, t: number): Rgba => [
  from[0] + (to[0] - from[0]) * t,
  from[1] + (to[1] - from[1]) * t,
  from[2] + (to[2] - from[2]) * t,
  from[3] + (to[3] - from[3]) * t,
]

const smooth = (t: number) => {
  const clamped = Math.min(1, Math.max(0, t))
  return clamped * clamped * (3 - 2 * clamped)
}

/** A gradient along the line from one point to another. */
export const linear =
  (x0: number, y0: number, x1: number, y1: number, from: Rgba, to: Rgba) =>
  (x: number, y: number): Rgba => {
    const dx = x1 - x0
    const dy = y1 - y0
    return mix(from, to, smooth(((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
  }

/** A gradient from a centre outwards, eased so it fades without a visible edge. */
export const radial =
  (cx: number, cy: number, radius: number, inner: Rgba, outer: Rgba) =>
  (x: number, y: number): Rgba =>
    mix(inner, outer, smooth(Math.hypot(x - cx, y - cy) / radius))
