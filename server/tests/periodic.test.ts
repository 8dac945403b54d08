import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { runPeriodically } from '../src/periodic.ts'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a task run periodically', () => {
  it('runs at ready and on each tick, skipping ticks while a run is under way', async () => {
    const app = Fastify()
    let runs = 0
    let finish = () => {}
    runPeriodically(app, 5, () => {
      runs += 1
      return new Promise<void>((resolve) => {
        finish = resolve
      })
    })
    expect(runs).toBe(0)
    await app.ready()
    expect(runs).toBe(1)
    // Several ticks pass while the first run is under way: none starts another, none queues.
    await pause(40)
    expect(runs).toBe(1)
    finish()
    await pause(40)
    expect(runs).toBe(2)
    // Closing waits for the run under way.
    let closed = false
    const closing = app.close().then(() => {
      closed = true
    })
    await pause(20)
    expect(closed).toBe(false)
    finish()
    await closing
    expect(closed).toBe(true)
    expect(runs).toBe(2)
  })
})
