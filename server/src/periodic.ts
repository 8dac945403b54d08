import type { FastifyInstance } from 'fastify'

/**
 * Runs `task` once the app is ready and every `intervalMs` after; a tick that comes while a run
 * is under way is skipped. Closing the app waits for a run under way: the database it uses closes
 * after this hook (Fastify closes in the reverse order of registration), and a run cut off
 * mid-way would fail against a closed pool. `task` reports its own failures.
 */
export const runPeriodically = (
  app: FastifyInstance,
  intervalMs: number,
  task: () => Promise<void>,
) => {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  const tick = () => {
    running ??= task().finally(() => {
      running = undefined
    })
  }
  app.addHook('onReady', async () => {
    timer = setInterval(tick, intervalMs)
    timer.unref()
    tick()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
