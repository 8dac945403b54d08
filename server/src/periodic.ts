import type { FastifyInstance } from 'fastify'

/**
 * Runs `task` once the app is ready and every `intervalMs` after, one run at a time. Closing the
 * app waits for a run under way: the database it uses closes after this plugin's hook (Fastify
 * closes in the reverse order of registration), and a run cut off mid-way would fail against a
 * closed pool. `task` reports its own failures.
 */
export const runPeriodically = (
  app: FastifyInstance,
  intervalMs: number,
  task: () => Promise<void>,
) => {
  let timer: NodeJS.Timeout | undefined
  let running = Promise.resolve()
  const runNext = () => {
    running = running.then(task)
  }
  app.addHook('onReady', async () => {
    timer = setInterval(runNext, intervalMs)
    timer.unref()
    runNext()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
