import type { Session } from '@contract/index'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { SESSION_CARDS_GRID_CLASS } from '../lib/session-groups'
import type { SessionGroups } from '../lib/use-session-groups'
import { PastSessions } from './past-sessions'

type GroupedSessionsProps = {
  /** The list's heading, which names the grid of upcoming sessions. */
  headingId: string
  groups: Pick<SessionGroups, 'upcoming' | 'past' | 'pastOpen' | 'togglePast'>
  /** A session's card, in its list item. */
  item: (session: Session) => ReactNode
}

/**
 * The sessions of a lesson as both of its lists show them once loaded (the student's and the
 * owner's): the upcoming ones in a grid, or a line saying none is ahead, then the past ones
 * folded behind their toggle.
 */
export function GroupedSessions({ headingId, groups, item }: GroupedSessionsProps) {
  const { t } = useTranslation()
  const { upcoming, past, pastOpen, togglePast } = groups
  return (
    <>
      {upcoming.length > 0 ? (
        <ul aria-labelledby={headingId} className={SESSION_CARDS_GRID_CLASS}>
          {upcoming.map(item)}
        </ul>
      ) : (
        <p className="text-slate-600">{t('sessions.noUpcoming')}</p>
      )}
      {past.length > 0 && (
        <PastSessions count={past.length} open={pastOpen} onToggle={togglePast}>
          {past.map(item)}
        </PastSessions>
      )}
    </>
  )
}
