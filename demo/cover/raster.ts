/**
 * A small anti-aliased rasterizer for the demo covers: filled polygons with exact area coverage
 * (the signed-area accumulation of font renderers), painted with a colour or a gradient over an
 * RGB canvas. Pure TypeScript, so the server's seed and the in-browser mocks draw the same bytes.
 */

export type Point = readonly [number, number]
/** Closed outlines; a counter-clockwise ring (negative area) cuts a hole in the others. */
export type Shape = readonly (readonly Point[])[]
/** Red, green, blue, alpha, each 0..1. */
export type Rgba = readonly [number, number, number, number]
export type Paint = Rgba | ((x: number, y: number) => Rgba)

export class Canvas {
  readonly width: number
  readonly height: number
  /** RGB, 0..1, row after row. */
  readonly pixels: Float32Array
  /** Coverage contributions of the shape being filled: one row of width + 2 per canvas row. */
  private readonly area: Float32Array

  constructor(width: number, height: number, background: Paint) {
    this.width = width
    this.height = height
    this.pixels = new Float32Array(width * height * 3)
    this.area = new Float32Array((width + 2) * height)
    this.fill(
      [
        [
          [0, 0],
          [width, 0],
          [width, height],
          [0, height],
        ],
      ],
      background,
    )
  }

  /** Paints a shape, its edges anti-aliased by the share of each pixel it covers. */
  fill(shape: Shape, paint: Paint, opacity = 1): void {
    let top = Infinity
    let bottom = -Infinity
    let left = Infinity
    let right = -Infinity
    for (const ring of shape) {
      for (const [x, y] of ring) {
        top = Math.min(top, y)
        bottom = Math.max(bottom, y)
        left = Math.min(left, x)
        right = Math.max(right, x)
      }
    }
    const rowFrom = Math.max(0, Math.floor(top))
    const rowTo = Math.min(this.height, Math.ceil(bottom))
    const columnFrom = Math.max(0, Math.floor(left))
    const columnTo = Math.min(this.width, Math.ceil(right) + 1)
    if (rowFrom >= rowTo || columnFrom >= columnTo) return

    const stride = this.width + 2
    for (let y = rowFrom; y < rowTo; y += 1) {
      this.area.fill(0, y * stride + columnFrom, y * stride + columnTo + 1)
    }
    for (const ring of shape) {
      for (let index = 0; index < ring.length; index += 1) {
        const from = ring[index]
        const to = ring[(index + 1) % ring.length]
        if (from && to) this.edgeClipped(from, to)
      }
    }

    const solid = typeof paint === 'function' ? null : paint
    for (let y = rowFrom; y < rowTo; y += 1) {
      let winding = 0
      for (let x = columnFrom; x < columnTo; x += 1) {
        winding += this.area[y * stride + x] ?? 0
        const coverage = Math.min(1, Math.abs(winding))
        if (coverage < 1 / 512) continue
        const [red, green, blue, alpha] =
          solid ?? (paint as (x: number, y: number) => Rgba)(x + 0.5, y + 0.5)
        const weight = coverage * alpha * opacity
        const at = (y * this.width + x) * 3
        const pixels = this.pixels
        pixels[at] = (pixels[at] ?? 0) + (red - (pixels[at] ?? 0)) * weight
        pixels[at + 1] = (pixels[at + 1] ?? 0) + (green - (pixels[at + 1] ?? 0)) * weight
        pixels[at + 2] = (pixels[at + 2] ?? 0) + (blue - (pixels[at + 2] ?? 0)) * weight
      }
    }
  }

  /** 8-bit RGB, row after row. */
  toRgb8(): Uint8Array {
    const bytes = new Uint8Array(this.pixels.length)
    for (let index = 0; index < this.pixels.length; index += 1) {
      bytes[index] = Math.round(Math.min(1, Math.max(0, this.pixels[index] ?? 0)) * 255)
    }
    return bytes
  }

  /**
   * An edge cut at the canvas' left and right sides: the parts outside are laid along the side,
   * where they still count for the winding of the pixels inside.
   */
  private edgeClipped(from: Point, to: Point) {
    const [x0, y0] = from
    const [x1, y1] = to
    const cuts = [0, 1]
    for (const side of [0, this.width]) {
      if ((x0 - side) * (x1 - side) < 0) cuts.push((side - x0) / (x1 - x0))
    }
    cuts.sort((a, b) => a - b)
    const at = (t: number): Point => [
      Math.min(this.width, Math.max(0, x0 + (x1 - x0) * t)),
      y0 + (y1 - y0) * t,
    ]
    for (let index = 1; index < cuts.length; index += 1) {
      this.edge(at(cuts[index - 1] ?? 0), at(cuts[index] ?? 1))
    }
  }

  /** Adds the area an edge sweeps to the pixels it crosses, row by row (x within 0..width). */
  private edge([fromX, fromY]: Point, [toX, toY]: Point) {
    if (Math.abs(fromY - toY) < 1e-9) return
    const direction = fromY < toY ? 1 : -1
    const [x0, y0, x1, y1] = fromY < toY ? [fromX, fromY, toX, toY] : [toX, toY, fromX, fromY]
    const slope = (x1 - x0) / (y1 - y0)
    const stride = this.width + 2
    const area = this.area
    const add = (index: number, value: number) => {
      area[index] = (area[index] ?? 0) + value
    }
    let x = x0
    if (y0 < 0) x -= y0 * slope
    const rowTo = Math.min(this.height, Math.ceil(y1))
    for (let row = Math.max(0, Math.floor(y0)); row < rowTo; row += 1) {
      const rowStart = row * stride
      const dy = Math.min(row + 1, y1) - Math.max(row, y0)
      const xNext = x + slope * dy
      const weight = dy * direction
      const left = Math.min(x, xNext)
      const right = Math.max(x, xNext)
      const leftFloor = Math.floor(left)
      const rightCeil = Math.ceil(right)
      if (rightCeil <= leftFloor + 1) {
        // Within one pixel: it takes the share right of the edge's middle, the next one the rest.
        const middle = 0.5 * (x + xNext) - leftFloor
        add(rowStart + leftFloor, weight - weight * middle)
        add(rowStart + leftFloor + 1, weight * middle)
      } else {
        const inverse = 1 / (right - left)
        const leftPart = left - leftFloor
        const firstArea = 0.5 * inverse * (1 - leftPart) * (1 - leftPart)
        const rightPart = right - rightCeil + 1
        const lastArea = 0.5 * inverse * rightPart * rightPart
        add(rowStart + leftFloor, weight * firstArea)
        if (rightCeil === leftFloor + 2) {
          add(rowStart + leftFloor + 1, weight * (1 - firstArea - lastArea))
        } else {
          const secondArea = inverse * (1.5 - leftPart)
          add(rowStart + leftFloor + 1, weight * (secondArea - firstArea))
          for (let column = leftFloor + 2; column < rightCeil - 1; column += 1) {
            add(rowStart + column, weight * inverse)
          }
          const beforeLast = secondArea + (rightCeil - leftFloor - 3) * inverse
          add(rowStart + rightCeil - 1, weight * (1 - beforeLast - lastArea))
        }
        add(rowStart + rightCeil, weight * lastArea)
      }
      x = xNext
    }
  }
}
