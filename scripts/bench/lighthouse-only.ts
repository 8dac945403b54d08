// `npm run bench:lighthouse`: the bench's Lighthouse rows alone, without its load figures. Builds
// the product and starts it on the embedded database as `npm run bench` does, runs
// Lighthouse on the same screens (scripts/bench/lighthouse.ts) and prints their rows. Writes them
// as JSON to bench-results/lighthouse-<timestamp>.json. RUNS (3) sets the runs per screen.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as guest from '../../contract/descriptors/guest.ts'
import { API_PREFIX } from '../../server/src/app.ts'
import { lighthouse } from './lighthouse.ts'
import { buildProduct, removeScratch, scratch, startProduct } from './product.ts'
import { lighthouseLines } from './report.ts'
import { prepareWorld } from './world.ts'

const say = (line: string) => process.stderr.write(`bench: ${line}\n`)

const main = async () => {
  buildProduct(say)
  const place = await scratch()
  try {
    say('seeding the demo world')
    const world = await prepareWorld(place.dataDir)
    say('starting the product')
    const product = await startProduct(place)
    try {
      const list = (await (
        await fetch(`${product.origin}${API_PREFIX}${guest.guestLessons.path}`)
      ).json()) as { data: { id: number }[] }
      // The lesson `npm run bench` measures: the catalogue's first that is not the bench's own.
      const lesson = list.data.find((row) => row.id !== world.race.lessonId)
      if (!lesson) throw new Error('The guest catalogue lists no demo lesson')
      const result = await lighthouse({
        origin: product.origin,
        lessonId: lesson.id,
        world,
        chromium: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        say,
      })
      const date = new Date().toISOString()
      await mkdir('bench-results', { recursive: true })
      const file = join('bench-results', `lighthouse-${date.replace(/[:.]/g, '-')}.json`)
      await writeFile(file, `${JSON.stringify({ date, lighthouse: result }, null, 2)}\n`)
      console.log(lighthouseLines(result).join('\n'))
      say(`written to ${file}`)
    } finally {
      await product.stop()
    }
  } finally {
    await removeScratch(place.root)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
