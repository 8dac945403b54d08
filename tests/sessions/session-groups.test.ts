import type { Session } from '@contract/index'
import { describe, expect, it } from 'vitest'
import { nextEnd, splitByEnd } from '@/features/sessions/lib/session-groups'

const HOUR = 60 * 60 * 1000
const NOW = Date.parse('2026-12-01T10:00:00Z')

const session = (id: number, startOffset: number, extra: Partial<Session> = {}): Session => ({
  id,
  lessonId: 1,
  type: 'open',
  start_time: new Date(NOW + startOffset).toISOString(),
  end_time: new Date(NOW + startOffset + HOUR).toISOString(),
  timezone: 'Asia/Tokyo',
  url: null,
  availableSlots: 3,
  enrolledCount: 0,
  fullPrice: 0,
  paidPrice: null,
  disabled: false,
  decision: 'unconditional',
  decidesAt: null,
  seatsNeeded: 0,
  educatorDeactivated: false,
  waitingCount: 0,
  waitlistPlace: null,
  ...extra,
})

describe('a lesson’s sessions as its list groups them', () => {
  it('lists a session that came on two pages once, as the later page has it', () => {
    // It ended between the reads of page 1 (where it was upcoming) and page 2 (where it is past).
    const first = session(7, -HOUR, { availableSlots: 3 })
    const again = session(7, -HOUR, { availableSlots: 0 })
    const { upcoming, past } = splitByEnd(
      [session(1, HOUR), first, session(2, -5 * HOUR), again],
      NOW,
    )
    expect(upcoming.map(({ id }) => id)).toEqual([1])
    expect(past.map(({ id }) => id)).toEqual([7, 2])
    expect(past[0]?.availableSlots).toBe(0)
  })

  it('moves a session to the past ones at its end, not a millisecond before', () => {
    const live = session(3, -HOUR + 1)
    expect(splitByEnd([live], NOW).upcoming).toHaveLength(1)
    expect(splitByEnd([live], NOW + 1).past).toHaveLength(1)
    expect(nextEnd([live, session(4, 2 * HOUR)], NOW)).toBe(NOW + 1)
  })
})
