import type { Session } from '@contract/index'
import { useCallback, useMemo, useState } from 'react'
import { nextEnd, splitByEnd } from './session-groups'
import { useNowAtBoundaries } from './use-now-at-boundaries'

/**
 * A lesson's loaded pages of sessions as both of its lists show them: the upcoming ones, soonest
 * first, then the past ones behind their toggle. A session that ends joins the past ones at that
 * instant. `last` is the last card shown, from which the next page is asked for (the API sends the
 * upcoming ones first).
 */
export const useSessionGroups = (pages: readonly { data: readonly Session[] }[] | undefined) => {
  const items = useMemo(() => pages?.flatMap((page) => page.data) ?? [], [pages])
  const now = useNowAtBoundaries(useCallback((at: number) => nextEnd(items, at), [items]))
  const { upcoming, past } = splitByEnd(items, now)
  const [pastOpen, setPastOpen] = useState(false)
  const last = (pastOpen ? past.at(-1) : undefined) ?? upcoming.at(-1)
  const togglePast = () => setPastOpen((open) => !open)
  return { items, upcoming, past, pastOpen, togglePast, last }
}

export type SessionGroups = ReturnType<typeof useSessionGroups>
