import type { CurrentUser, Session } from '@contract/index'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { toast } from 'react-toastify'
import { paths } from '@/shared/config/paths'
import { useNextPageInView } from '@/shared/lib/use-next-page-in-view'
import { Button } from '@/shared/ui/button'
import { LoadError } from '@/shared/ui/load-error'
import { SkeletonCardGrid } from '@/shared/ui/skeleton'
import { useSessions } from '../api/get-sessions'
import { SESSIONS_HEADING_ID } from '../lib/next-session'
import { SESSION_CARDS_GRID_CLASS, SESSION_GRID_CONTAINER_CLASS } from '../lib/session-groups'
import { browserTimeZone } from '@/shared/lib/time-zones'
import { useSessionGroups } from '../lib/use-session-groups'
import { DeleteSessionDialog } from './delete-session-dialog'
import { OwnerSessionCard } from './owner-session-card'
import { GroupedSessions } from './grouped-sessions'
import { SessionFormDialog } from './session-form-dialog'

type SessionsEditorProps = {
  lessonId: number
  lessonTitle: string
  /** The signed-in owner of the lesson. */
  user: CurrentUser
  /** After a session was added, changed or deleted: the lesson's own data (counts) may refresh. */
  onChanged?: (() => void) | undefined
}

type Open =
  | { dialog: 'add' }
  | { dialog: 'edit'; session: Session }
  | { dialog: 'delete'; session: Session }
  | null

/**
 * The lesson owner's sessions (§2 session dialogs, §4, §5): the upcoming ones soonest first, the
 * past ones folded after them (as students see them), each with its seats, link, Edit and Delete;
 * an Add session button. Sessions take place on the educator's video account, so without one (or
 * before approval) none can be added or moved, and the owner is told why and where to go. A
 * lesson without sessions is not listed to students.
 */
export function SessionsEditor({ lessonId, lessonTitle, user, onChanged }: SessionsEditorProps) {
  const { t } = useTranslation()
  const headingId = SESSIONS_HEADING_ID
  const blockedId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [open, setOpen] = useState<Open>(null)
  const focusHeadingOnClose = useRef(false)
  const sessions = useSessions(lessonId)
  const lastCardRef = useNextPageInView(sessions)
  const viewerZone = browserTimeZone()

  // A deleted session's button is gone: focus goes to the list's heading once the dialog closed.
  useEffect(() => {
    if (focusHeadingOnClose.current && open === null) {
      focusHeadingOnClose.current = false
      headingRef.current?.focus()
    }
  }, [open])

  let blockedReason: ReactNode = null
  if (!user.isValidated) blockedReason = t('sessions.editor.notApproved')
  else if (!user.isVideoConferenceConnected) {
    blockedReason = (
      <>
        {t('sessions.editor.noLicence')}{' '}
        <Link to={paths.settings.href()} className="font-medium underline">
          {t('sessions.editor.openSettings')}
        </Link>
      </>
    )
  }
  const editBlockedReason = blockedReason === null ? null : t('sessions.editor.reasons.noLicence')

  const close = () => setOpen(null)
  const saved = (kind: 'added' | 'updated') => {
    toast.success(t(`sessions.editor.toasts.${kind}`))
    close()
    onChanged?.()
  }
  // The count is the API's, the sentence the reader's: "1 enrolled student was", "2 … were".
  const deleted = (enrolledCount: number) => {
    toast.success(
      enrolledCount > 0
        ? t('sessions.editor.toasts.deletedWithStudents', { count: enrolledCount })
        : t('sessions.editor.toasts.deleted'),
    )
    focusHeadingOnClose.current = true
    close()
    onChanged?.()
  }

  const groups = useSessionGroups(sessions.data?.pages)
  const { items, last } = groups

  const item = (session: Session) => (
    <li key={session.id} ref={session === last ? lastCardRef : undefined}>
      <OwnerSessionCard
        session={session}
        viewerZone={viewerZone}
        editBlockedReason={editBlockedReason}
        onEdit={() => setOpen({ dialog: 'edit', session })}
        onDelete={() => setOpen({ dialog: 'delete', session })}
      />
    </li>
  )

  let body: ReactNode
  if (sessions.isPending) {
    body = <SkeletonCardGrid gridClass={SESSION_CARDS_GRID_CLASS} count={3} lines={3} />
  } else if (sessions.isError) {
    body = (
      <LoadError onRetry={() => void sessions.refetch()}>{t('common.errors.common')}</LoadError>
    )
  } else if (items.length === 0) {
    body = (
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        {t('sessions.editor.notListed', { title: lessonTitle })}
      </p>
    )
  } else {
    body = <GroupedSessions headingId={headingId} groups={groups} item={item} />
  }

  return (
    <section
      aria-labelledby={headingId}
      className={`flex min-w-0 flex-col gap-4 ${SESSION_GRID_CONTAINER_CLASS}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-4 rounded text-xl font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          {t('sessions.title')}
        </h2>
        <Button
          onClick={() => setOpen({ dialog: 'add' })}
          disabled={blockedReason !== null}
          aria-describedby={blockedReason !== null ? blockedId : undefined}
          aria-haspopup="dialog"
        >
          {t('sessions.editor.add')}
        </Button>
      </div>
      {blockedReason !== null && (
        <p id={blockedId} className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {blockedReason}
        </p>
      )}
      <p className="text-sm text-slate-600">
        {t('sessions.editor.viewerZone', { zone: viewerZone })}
      </p>
      {body}
      {sessions.isFetchingNextPage && (
        <p role="status" className="text-center text-slate-600">
          {t('sessions.loadingMore')}
        </p>
      )}
      {(open?.dialog === 'add' || open?.dialog === 'edit') && (
        <SessionFormDialog
          lessonId={lessonId}
          session={open.dialog === 'edit' ? open.session : null}
          onClose={close}
          onSaved={saved}
        />
      )}
      {open?.dialog === 'delete' && (
        <DeleteSessionDialog session={open.session} onClose={close} onDeleted={deleted} />
      )}
    </section>
  )
}
