import { finished } from 'node:stream/promises'
import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    afterAnswer: AfterAnswer
  }
}

export interface AfterAnswer {
  /**
   * Runs `work` once `reply` has gone out (or its client has gone): the answer waits for none of
   * it, so nothing the work finds can show in the answer or in its timing. A failure is logged
   * with the request's id.
   */
  run: (reply: FastifyReply, work: () => Promise<void>) => void
  /** Settles once no such work is under way; the app waits for it when it closes. */
  settled: () => Promise<void>
}

/**
 * Work a route does after its answer. A crash in between loses it, as one before the answer
 * would: it is only for work the client may simply ask for again (an account e-mail).
 */
export const afterAnswerPlugin = fp(
  async (app) => {
    const running = new Set<Promise<void>>()

    const run: AfterAnswer['run'] = (reply, work) => {
      const task: Promise<void> = finished(reply.raw)
        // A client gone before the end of the answer still asked for the work.
        .catch(() => undefined)
        .then(work)
        .catch((error: unknown) => reply.log.error({ err: error }, 'Work after the answer failed'))
        .finally(() => running.delete(task))
      running.add(task)
    }

    const settled = async () => {
      while (running.size > 0) await Promise.allSettled([...running])
    }

    app.decorate('afterAnswer', { run, settled })
    // Registered after the database and the mailer, so this runs before they close.
    app.addHook('onClose', settled)
  },
  { name: 'after-answer', dependencies: ['db', 'mailer'] },
)
