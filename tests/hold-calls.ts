import { act } from '@testing-library/react'
import type { Descriptor } from '@contract/descriptor'
import { mockEndpoint } from '@/mocks/http'
import { server } from '@/mocks/node'

/**
 * Holds every call of `descriptor` until the test releases them; then `answer` answers, or the
 * mock's own handler when there is none. For what a screen shows while its call is pending.
 */
export const holdCalls = (descriptor: Descriptor, answer?: () => Response) => {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  server.use(
    mockEndpoint(descriptor, async () => {
      await released
      return answer?.()
    }),
  )
  return {
    release: () =>
      act(() => {
        release()
        return Promise.resolve()
      }),
  }
}
