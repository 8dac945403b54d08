import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { SESSION_CARDS_GRID_CLASS } from '../lib/session-groups'

/**
 * A lesson's sessions that have ended, after the upcoming ones and folded away at first: a heading
 * whose button shows or hides them (a disclosure: aria-expanded, and aria-controls while the list
 * is there) and says how many there are. `children` are the list's items, rendered only while
 * shown; the caller keeps `open`, so it knows which card is the last one shown.
 */
export function PastSessions({
  count,
  open,
  onToggle,
  children,
}: {
  count: number
  open: boolean
  onToggle: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  const listId = useId()
  return (
    <div className="flex flex-col gap-4">
      <h3 className="text-base font-semibold text-slate-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          onClick={onToggle}
          className="flex items-center gap-2 rounded text-slate-800 hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`h-4 w-4 shrink-0 transition-transform ${open ? 'rotate-90' : ''}`}
            fill="currentColor"
          >
            <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4Z" />
          </svg>
          {t('sessions.past.toggle', { count })}
        </button>
      </h3>
      {open && (
        <ul id={listId} aria-label={t('sessions.past.list')} className={SESSION_CARDS_GRID_CLASS}>
          {children}
        </ul>
      )}
    </div>
  )
}
