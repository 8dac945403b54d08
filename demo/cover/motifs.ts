import type { CategoryKey } from '../world.ts'
import type { GlyphName } from './glyphs.ts'
import type { Point, Rgba, Shape } from './raster.ts'
import type { Frame, Scene } from './scene.ts'
import {
  arc,
  bezier,
  circle,
  ellipse,
  hsl,
  polygon,
  radial,
  rect,
  ring,
  rotate,
  stroke,
  union,
  withHoles,
} from './shapes.ts'

/** Draws a category's illustration over the background, its composition drawn from the scene. */
export type Motif = (scene: Scene) => void

const fade = (colour: Rgba, alpha: number): Rgba => [colour[0], colour[1], colour[2], alpha]

/** An ellipse's outline as points, for orbits and rims drawn with a pen. */
const loop = (cx: number, cy: number, rx: number, ry: number) => arc(cx, cy, rx, ry, 0, Math.PI * 2)

/** A speech bubble: a rounded box with a tail from its lower edge. */
const bubble = (x: number, y: number, width: number, height: number, tailRight: boolean) => {
  const base = tailRight ? x + width * 0.72 : x + width * 0.28
  const tip: Point = [base + (tailRight ? 26 : -26), y + height + 34]
  return union(
    rect(x, y, width, height, Math.min(34, height / 2)),
    polygon([[base - 20, y + height - 8], tip, [base + 20, y + height - 8]]),
  )
}

const languages: Motif = (scene) => {
  const p = scene.palette
  const latin: [GlyphName, GlyphName] = scene.pick([
    ['A', 'a'],
    ['A', 'b'],
    ['A', 'c'],
  ])
  const kana: [GlyphName, GlyphName] = scene.pick([
    ['の', 'こ'],
    ['い', 'し'],
    ['こ', 'の'],
    ['し', 'い'],
  ])
  const [first, second] = scene.random() < 0.5 ? [latin, kana] : [kana, latin]

  scene.raised(scene.place(bubble(-165, -112, 220, 140, false)), p.paper, 10)
  scene.fill(scene.place(scene.glyph(first[0], -135, -86, 76, 11)), p.deep)
  scene.fill(scene.place(scene.glyph(first[1], -50, -86, 76, 11)), p.mid)

  scene.raised(scene.place(bubble(-10, -6, 170, 112, true)), p.accent, 10)
  scene.fill(scene.place(scene.glyph(second[0], 14, 16, 58, 9)), p.paper)
  scene.fill(scene.place(scene.glyph(second[1], 82, 16, 58, 9)), p.paper, 0.8)

  // A small "typing" bubble: three dots.
  const typing = rect(70, -128, 84, 40, 20)
  scene.raised(scene.place(typing), p.warm, 6)
  for (const dx of [90, 112, 134]) scene.fill(scene.place(circle(dx, -108, 6)), p.ink, 0.75)

  // Letters drifting on the free side.
  const frame = scene.free(1)
  const drifting: GlyphName[] = ['A', 'の', 'b', 'こ', 'い', 'c', 'し', 'o']
  const offset = Math.floor(scene.random() * drifting.length)
  for (let index = 0; index < 3; index += 1) {
    const size = scene.between(30, 46)
    const name = drifting[(offset + index * 3) % drifting.length] ?? 'A'
    const dx = scene.between(-70, 40)
    const dy = -110 + index * 80 + scene.between(-12, 12)
    scene.fill(scene.place(scene.glyph(name, dx, dy, size, size * 0.13), frame), p.paper, 0.5)
  }
}

const mathematics: Motif = (scene) => {
  const p = scene.palette
  // Graph paper with axes and a plotted curve.
  const left = -150
  const top = -108
  const width = 290
  const height = 216
  scene.raised(scene.place(rect(left, top, width, height, 18)), p.paper, 10)
  const grid: Shape[] = []
  for (let x = left + 26; x < left + width - 8; x += 26)
    grid.push(rect(x, top + 10, 1.6, height - 20))
  for (let y = top + 26; y < top + height - 8; y += 26)
    grid.push(rect(left + 10, y, width - 20, 1.6))
  scene.fill(scene.place(union(...grid)), p.light)
  const originX = left + 26 * 2
  const originY = top + 26 * 6
  scene.fill(
    scene.place(
      union(
        stroke(
          [
            [left + 14, originY],
            [left + width - 14, originY],
          ],
          4,
        ),
        stroke(
          [
            [originX, top + 14],
            [originX, top + height - 14],
          ],
          4,
        ),
      ),
    ),
    p.ink,
    0.8,
  )
  const curve = scene.pick(['parabola', 'wave', 'line'] as const)
  const points: Point[] = []
  for (let x = left + 20; x <= left + width - 20; x += 4) {
    const u = (x - originX) / 26
    const y =
      curve === 'parabola'
        ? originY - 26 * (0.28 * (u - 4) * (u - 4) - 0.2)
        : curve === 'wave'
          ? originY - 52 - 42 * Math.sin(u * 0.9)
          : originY - 20 - 12 * u
    if (y > top + 14 && y < top + height - 14) points.push([x, y])
  }
  scene.fill(scene.place(stroke(points, 7)), p.accent)
  const mark = points[Math.floor(points.length * scene.between(0.3, 0.7))]
  if (mark) scene.raised(scene.place(circle(mark[0], mark[1], 10)), p.warm, 3)

  // Solid shapes and symbols on the free side.
  const frame = scene.free(1)
  scene.raised(
    scene.place(
      polygon([
        [-40, -150],
        [30, -40],
        [-110, -40],
      ]),
      frame,
    ),
    p.warm,
  )
  scene.raised(scene.place(circle(40, 40, 46), frame), p.light)
  scene.fill(scene.place(circle(40, 40, 18), frame), p.mid)
  scene.raised(scene.place(rotate(rect(-110, 30, 64, 64, 10), 0.4, -78, 62), frame), p.accent)
  const symbols: GlyphName[] = ['pi', 'root', 'sigma', 'plus', 'times', 'equals']
  const symbol = scene.pick(symbols)
  scene.fill(scene.place(scene.glyph(symbol, 20, -150, 54, 7), frame), p.paper, 0.85)
  scene.fill(scene.place(scene.glyph(scene.pick(symbols), -30, 110, 40, 6), frame), p.paper, 0.6)
}

const music: Motif = (scene) => {
  const p = scene.palette
  // Level, so the staff's lines run straight across the cover.
  const level = { ...scene.layout, tilt: 0 }
  const place = (shape: Shape) => scene.place(shape, level)
  const staffY = (line: number) => -78 + line * 15
  const staff: Shape[] = []
  for (let line = 0; line < 5; line += 1) {
    staff.push(rect(-level.x / level.scale, staffY(line), scene.width / level.scale, 2.4))
  }
  scene.fill(place(union(...staff)), p.paper, 0.7)
  const noteCount = 3 + Math.floor(scene.random() * 3)
  for (let index = 0; index < noteCount; index += 1) {
    const x = -150 + index * (300 / noteCount) + scene.between(-10, 10)
    const y = staffY(0) + Math.floor(scene.random() * 7) * 7.5 + 8
    const head = rotate(ellipse(x, y, 12, 8.5), -0.4, x, y)
    const stem = rect(x + 9, y - 56, 3.6, 56)
    scene.raised(place(union(head, stem)), p.paper, 4)
    if (index % 2 === 1 && scene.random() < 0.7) {
      const flag = polygon([
        [x + 9, y - 56],
        [x + 30, y - 40],
        [x + 30, y - 32],
        [x + 9, y - 46],
      ])
      scene.fill(place(flag), p.paper)
    }
  }

  // A keyboard below the staff.
  const keys = 11
  const keyWidth = 30
  const keyLeft = (-keys * keyWidth) / 2
  const keyTop = 36
  scene.raised(
    scene.place(rect(keyLeft - 10, keyTop - 12, keys * keyWidth + 20, 112, 14)),
    p.ink,
    9,
  )
  for (let key = 0; key < keys; key += 1) {
    scene.fill(
      scene.place(rect(keyLeft + key * keyWidth + 1.5, keyTop, keyWidth - 3, 92, 5)),
      p.paper,
    )
  }
  const blackAfter = [0, 1, 3, 4, 5, 7, 8, 10]
  for (const key of blackAfter) {
    if (key >= keys - 1) continue
    scene.fill(scene.place(rect(keyLeft + (key + 1) * keyWidth - 9, keyTop, 18, 56, 4)), p.ink)
  }
  const pressed = Math.floor(scene.random() * keys)
  scene.fill(
    scene.place(rect(keyLeft + pressed * keyWidth + 1.5, keyTop + 62, keyWidth - 3, 30, 5)),
    p.warm,
    0.85,
  )

  // A large note and sound rings on the free side.
  const frame = scene.free(scene.between(0.9, 1.1))
  const note = union(
    rotate(ellipse(-30, 60, 30, 21), -0.4, -30, 60),
    rect(-6, -90, 9, 150),
    stroke(bezier([-2, -88], [30, -70], [50, -50], [36, -8]), 9),
  )
  scene.raised(scene.place(note, frame), p.warm, 9)
  for (const radius of [70, 100]) {
    scene.fill(
      scene.place(withHoles(circle(-30, 60, radius + 2), circle(-30, 60, radius - 2)), frame),
      p.paper,
      0.25,
    )
  }
}

const programming: Motif = (scene) => {
  const p = scene.palette
  const left = -165
  const top = -112
  const width = 300
  const height = 214
  scene.raised(scene.place(rect(left, top, width, height, 16)), p.ink, 10)
  scene.fill(scene.place(rect(left, top, width, 34, 16)), p.deep)
  scene.fill(scene.place(rect(left, top + 18, width, 16)), p.deep)
  const lights: Rgba[] = [hsl(4, 0.85, 0.64), hsl(42, 0.95, 0.6), hsl(134, 0.55, 0.52)]
  lights.forEach((colour, index) =>
    scene.fill(scene.place(circle(left + 20 + index * 20, top + 17, 6)), colour),
  )

  // Lines of code: indented runs of tokens in the syntax colours.
  const tokens: Rgba[] = [p.accent, p.warm, p.light, p.mid]
  let indent = 0
  for (let line = 0; line < 7; line += 1) {
    const y = top + 52 + line * 22
    let x = left + 22 + indent * 22
    const runs = 1 + Math.floor(scene.random() * 3)
    for (let run = 0; run < runs; run += 1) {
      const length = scene.between(24, 74)
      if (x + length > left + width - 20) break
      scene.fill(scene.place(rect(x, y, length, 10, 5)), scene.pick(tokens))
      x += length + 10
    }
    indent = Math.max(0, Math.min(3, indent + scene.pick([-1, 0, 1, 1])))
  }
  scene.fill(scene.place(rect(left + 22 + indent * 22, top + 52 + 7 * 22, 10, 16, 2)), p.paper)

  // A terminal and a pair of brackets on the free side.
  const frame = scene.free(scene.between(0.85, 1))
  scene.raised(scene.place(rect(-90, 10, 180, 110, 14), frame), p.paper, 8)
  scene.fill(
    scene.place(
      stroke(
        [
          [-70, 36],
          [-56, 48],
          [-70, 60],
        ],
        6,
      ),
      frame,
    ),
    p.deep,
  )
  scene.fill(scene.place(rect(-46, 56, 60, 8, 4), frame), p.mid)
  scene.fill(scene.place(rect(-70, 78, 110, 8, 4), frame), p.light)
  scene.fill(scene.place(rect(-70, 96, 80, 8, 4), frame), p.light)
  const brackets =
    scene.random() < 0.5
      ? union(
          stroke(
            [
              [-40, -120],
              [-80, -80],
              [-40, -40],
            ],
            12,
          ),
          stroke(
            [
              [-8, -36],
              [22, -124],
            ],
            12,
          ),
          stroke(
            [
              [50, -120],
              [90, -80],
              [50, -40],
            ],
            12,
          ),
        )
      : union(
          stroke(
            [
              ...bezier([-30, -130], [-60, -130], [-50, -90], [-60, -82]),
              ...bezier([-60, -82], [-72, -80], [-72, -80], [-60, -78]),
              ...bezier([-60, -78], [-50, -70], [-60, -30], [-30, -30]),
            ],
            11,
          ),
          stroke(
            [
              ...bezier([40, -130], [70, -130], [60, -90], [70, -82]),
              ...bezier([70, -82], [82, -80], [82, -80], [70, -78]),
              ...bezier([70, -78], [60, -70], [70, -30], [40, -30]),
            ],
            11,
          ),
        )
  scene.raised(scene.place(brackets, frame), p.warm, 6)
}

/** An Erlenmeyer flask around (0, 0) with its liquid up to `level` (0 empty, 1 full). */
const flask = (scene: Scene, frame: Frame, level: number) => {
  const p = scene.palette
  const glass = polygon([
    [-24, -110],
    [24, -110],
    [24, -36],
    ...bezier([96, 70], [106, 86], [98, 96], [80, 96]),
    ...bezier([-80, 96], [-98, 96], [-106, 86], [-96, 70]),
    [-24, -36],
  ])
  scene.raised(scene.place(glass, frame), p.paper, 9)
  scene.fill(scene.place(rect(-36, -122, 72, 16, 8), frame), p.light)
  const surface = 80 - level * 120
  const side = (y: number) => 16 + (70 * (y + 30)) / 102
  scene.fill(
    scene.place(
      polygon([
        [-side(surface), surface],
        [side(surface), surface],
        [86, 72],
        ...bezier([86, 72], [92, 82], [86, 86], [72, 86]),
        ...bezier([-72, 86], [-86, 86], [-92, 82], [-86, 72]),
      ]),
      frame,
    ),
    p.accent,
  )
  scene.fill(scene.place(ellipse(0, surface, side(surface), 5), frame), p.paper, 0.35)
  for (let index = 0; index < 5; index += 1) {
    const x = scene.between(-40, 40)
    const y = surface + scene.between(8, 60)
    scene.fill(scene.place(circle(x, y, scene.between(3, 8)), frame), p.paper, 0.6)
  }
  for (let index = 0; index < 3; index += 1) {
    const y = -136 - index * 28
    scene.fill(
      scene.place(ring(scene.between(-12, 12), y, 9 - index * 2, 3), frame),
      p.paper,
      0.8 - index * 0.2,
    )
  }
}

/** An atom around (0, 0): three orbits, a glowing nucleus and its electrons. */
const atom = (scene: Scene, frame: Frame) => {
  const p = scene.palette
  const orbits: Shape[] = []
  const electrons: Shape[] = []
  for (let index = 0; index < 3; index += 1) {
    const turn = (index * Math.PI) / 3
    orbits.push(rotate(stroke(loop(0, 0, 120, 42), 6), turn, 0, 0))
    const angle = scene.between(0, Math.PI * 2)
    electrons.push(rotate(circle(120 * Math.cos(angle), 42 * Math.sin(angle), 11), turn, 0, 0))
  }
  scene.raised(scene.place(union(...orbits), frame), p.paper, 6)
  const centre = scene.place(circle(0, 0, 0), frame)[0]?.[0] ?? [0, 0]
  scene.fill(
    scene.place(circle(0, 0, 60), frame),
    radial(centre[0], centre[1], 60 * frame.scale, fade(p.warm, 0.55), fade(p.warm, 0)),
  )
  scene.raised(scene.place(circle(0, 0, 24), frame), p.warm, 4)
  scene.raised(scene.place(union(...electrons), frame), p.accent, 3)
}

const science: Motif = (scene) => {
  const main = scene.layout
  const level = scene.between(0.35, 0.6)
  if (scene.random() < 0.5) {
    atom(scene, { ...main, scale: main.scale * 0.95 })
    flask(scene, scene.free(0.75), level)
  } else {
    flask(scene, main, level)
    atom(scene, scene.free(0.7))
  }
}

const art: Motif = (scene) => {
  const p = scene.palette
  const { hue } = scene
  // Broad brush strokes swept across the cover, behind everything.
  const strokeColours = [p.light, p.warm, p.accent, hsl(hue - 40, 0.75, 0.62)]
  for (let index = 0; index < 3; index += 1) {
    const y = scene.height * (0.25 + index * 0.25) + scene.between(-20, 20)
    const path = bezier(
      [scene.between(-40, 60), y + scene.between(-30, 30)],
      [scene.width * 0.3, y + scene.between(-90, 90)],
      [scene.width * 0.7, y + scene.between(-90, 90)],
      [scene.width + scene.between(-60, 40), y + scene.between(-30, 30)],
      40,
    )
    const width = scene.between(34, 56)
    scene.fill(
      stroke(path, (t) => width * (0.35 + 0.65 * Math.sin(Math.PI * (0.15 + 0.8 * t)))),
      strokeColours[index] ?? p.light,
      0.55,
    )
  }

  // A palette with its thumb hole and dabs of paint.
  const board = withHoles(ellipse(0, 0, 150, 100), ellipse(-92, 34, 20, 16))
  scene.raised(scene.place(board), hsl(hue + 30, 0.45, 0.93), 10)
  const dabs: Rgba[] = [
    hsl(hue, 0.75, 0.5),
    hsl(hue + 45, 0.9, 0.58),
    hsl(hue + 160, 0.7, 0.5),
    hsl(hue - 60, 0.7, 0.58),
    hsl(hue + 100, 0.6, 0.5),
    p.ink,
  ]
  const start = scene.between(-0.3, 0.3)
  dabs.forEach((colour, index) => {
    const angle = start - Math.PI * 0.55 + index * 0.52
    const x = 92 * Math.cos(angle) + 18
    const y = 60 * Math.sin(angle) - 4
    scene.fill(scene.place(union(circle(x, y, 20), circle(x + 9, y + 6, 13))), colour)
  })

  // A brush on the free side, its tip wet with the lesson's colour.
  const frame = { ...scene.free(1), tilt: scene.between(0.5, 0.9) * -scene.layout.side }
  scene.raised(
    scene.place(
      stroke(
        [
          [0, -20],
          [0, 150],
        ],
        (t) => 14 - 6 * t,
      ),
      frame,
    ),
    p.ink,
    8,
  )
  scene.fill(scene.place(rect(-9, -58, 18, 40, 3), frame), hsl(hue, 0.12, 0.82))
  scene.fill(
    scene.place(
      stroke(bezier([0, -58], [0, -80], [-4, -100], [2, -128]), (t) => 22 * (1 - t) + 1),
      frame,
    ),
    hsl(hue, 0.8, 0.45),
  )
  for (let index = 0; index < 6; index += 1) {
    scene.fill(
      scene.place(
        circle(scene.between(-60, 60), scene.between(-170, -90), scene.between(2, 7)),
        frame,
      ),
      hsl(hue, 0.8, 0.5),
      0.8,
    )
  }
}

const cooking: Motif = (scene) => {
  const p = scene.palette
  // Steam rising from the bowl.
  for (let index = 0; index < 3; index += 1) {
    const x = -50 + index * 50 + scene.between(-8, 8)
    const wave = scene.between(10, 18)
    const points: Point[] = []
    for (let y = -70; y >= -170; y -= 5)
      points.push([x + wave * Math.sin((y / 100) * Math.PI * 2 + index), y])
    scene.fill(scene.place(stroke(points, (t) => 9 * (1 - t) + 2)), p.paper, 0.55)
  }
  // Chopsticks resting across the bowl, behind the rice.
  const lean = scene.between(-0.15, 0.15)
  // Each stick thickens from its tip to its end.
  const chopstick = (tip: Point, end: Point) =>
    rotate(
      stroke([tip, end], (t) => 5 + 4 * t),
      lean,
      0,
      0,
    )
  const sticks = union(chopstick([-40, -150], [160, 40]), chopstick([-10, -160], [180, 20]))
  // The rice, a mound of grains above the rim.
  const rice: Shape[] = [ellipse(0, -30, 120, 22)]
  for (let index = 0; index < 7; index += 1)
    rice.push(circle(-90 + index * 30, -40 - 14 * Math.sin((index / 6) * Math.PI), 28))
  scene.raised(scene.place(union(...rice)), p.paper, 4)
  const topping = scene.pick(['plum', 'leaf'] as const)
  if (topping === 'plum') scene.raised(scene.place(circle(14, -78, 16)), hsl(352, 0.7, 0.52), 3)
  else
    scene.raised(
      scene.place(rotate(ellipse(14, -74, 26, 11), -0.5, 14, -74)),
      hsl(115, 0.5, 0.45),
      3,
    )
  scene.raised(scene.place(sticks), p.warm, 6)

  // The bowl: lacquer with a band of the lesson's colour.
  const bowl = polygon(arc(0, -20, 150, 120, 0, Math.PI))
  scene.raised(scene.place(bowl), p.ink, 10)
  const band: Point[] = []
  for (let x = -128; x <= 128; x += 8) band.push([x, 30 + 6 * Math.sin((x / 64) * Math.PI)])
  scene.fill(scene.place(stroke(band, 8)), p.mid)
  scene.fill(scene.place(rect(-50, 96, 100, 14, 6)), p.deep)
  scene.fill(scene.place(ellipse(0, -20, 150, 8)), p.deep)

  // A plate of rice balls on the free side.
  const frame = scene.free(scene.between(0.75, 0.9))
  scene.raised(scene.place(ellipse(0, 40, 130, 34), frame), p.light, 8)
  for (const dx of [-50, 45]) {
    const ball = union(
      circle(dx, -30, 26),
      circle(dx - 30, 22, 26),
      circle(dx + 30, 22, 26),
      polygon([
        [dx, -56],
        [dx - 54, 30],
        [dx + 54, 30],
      ]),
      rect(dx - 54, 10, 108, 38, 20),
    )
    scene.raised(scene.place(ball, frame), p.paper, 5)
    scene.fill(scene.place(rect(dx - 22, 12, 44, 36, 4), frame), p.ink)
  }
}

/** Every demo category has its motif: the type makes a missing one a compile error. */
export const MOTIFS: Readonly<Record<CategoryKey, Motif>> = {
  languages,
  mathematics,
  music,
  programming,
  cooking,
  art,
  science,
}
