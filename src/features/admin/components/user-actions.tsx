import type { AdminUser } from '@contract/index'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/shared/ui/button'
import { ConfirmDialog } from '@/shared/ui/confirm-dialog'
import { useApproveUser } from '../api/approve-user'
import { useReactivateUser } from '../api/reactivate-user'
import { useRemoveVideoLicence } from '../api/remove-video-licence'
import { AssignLicenceDialog } from './assign-licence-dialog'

type OpenDialog = 'approve' | 'assign' | 'remove' | 'reactivate' | null

/**
 * What an admin can do to one educator: approve it while it waits, reactivate it once the
 * earnings rule deactivated it, lend it a licence, lend it another one, or take its licence back. Every action asks first; its buttons are disabled while
 * its call runs. Students and admins have no actions.
 */
export function UserActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation()
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const approve = useApproveUser()
  const remove = useRemoveVideoLicence()
  const reactivate = useReactivateUser()
  const close = () => setDialog(null)
  const assignButton = useRef<HTMLButtonElement>(null)
  // Approving takes away the Approve button that opened the dialog: once the row's buttons are
  // enabled again, focus goes to its next step (lending a licence) instead of the page body.
  const focusAfterApproval = useRef(false)
  const pending = approve.isPending || remove.isPending || reactivate.isPending
  useEffect(() => {
    if (pending || !focusAfterApproval.current) return
    focusAfterApproval.current = false
    assignButton.current?.focus()
  }, [pending])

  if (user.role !== 'educator') return null
  const licence = user.videoLicence
  const names = { name: user.name }

  return (
    <div className="flex flex-wrap gap-2">
      {!user.isValidated && (
        <Button
          className="px-3 py-1.5"
          onClick={() => setDialog('approve')}
          pending={pending}
          aria-label={t('admin.users.approve.labelFor', names)}
        >
          {t('admin.users.approve.action')}
        </Button>
      )}
      {user.deactivatedAt !== null && (
        <Button
          className="px-3 py-1.5"
          onClick={() => setDialog('reactivate')}
          pending={pending}
          aria-label={t('admin.users.reactivate.labelFor', names)}
        >
          {t('admin.users.reactivate.action')}
        </Button>
      )}
      <Button
        ref={assignButton}
        variant="secondary"
        className="px-3 py-1.5"
        onClick={() => setDialog('assign')}
        pending={pending}
        aria-label={t(
          licence ? 'admin.licence.reassignLabelFor' : 'admin.licence.assignLabelFor',
          names,
        )}
      >
        {t(licence ? 'admin.licence.reassign' : 'admin.licence.assign')}
      </Button>
      {licence && (
        <Button
          variant="secondary"
          className="px-3 py-1.5 text-red-700"
          onClick={() => setDialog('remove')}
          pending={pending}
          aria-label={t('admin.licence.removeLabelFor', names)}
        >
          {t('admin.licence.remove')}
        </Button>
      )}

      <ConfirmDialog
        open={dialog === 'approve'}
        title={t('admin.users.approve.title')}
        confirmLabel={t('admin.users.approve.confirm')}
        pending={approve.isPending}
        onCancel={close}
        onConfirm={() => {
          // Optimistic: the dialog closes and the row shows the educator approved at once.
          close()
          focusAfterApproval.current = true
          approve.mutate(user.id)
        }}
      >
        <p>{t('admin.users.approve.question', { name: user.name, email: user.email })}</p>
        <p>{t('admin.users.approve.effect')}</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === 'reactivate'}
        title={t('admin.users.reactivate.title')}
        confirmLabel={t('admin.users.reactivate.confirm')}
        pending={reactivate.isPending}
        onCancel={close}
        onConfirm={() => reactivate.mutate(user.id, { onSettled: close })}
      >
        <p>{t('admin.users.reactivate.question', { name: user.name, email: user.email })}</p>
        <p>{t('admin.users.reactivate.effect')}</p>
      </ConfirmDialog>

      {dialog === 'assign' && <AssignLicenceDialog user={user} onClose={close} />}

      {licence && (
        <ConfirmDialog
          open={dialog === 'remove'}
          title={t('admin.licence.removeTitle')}
          confirmLabel={t('admin.licence.removeConfirm')}
          variant="danger"
          pending={remove.isPending}
          onCancel={close}
          onConfirm={() => remove.mutate(user.id, { onSettled: close })}
        >
          <p>
            {t('admin.licence.removeQuestion', {
              name: user.name,
              provider: t(`profile.licence.providers.${licence.provider}`),
              account: licence.accountEmail,
            })}
          </p>
          <p className="font-medium text-red-800">
            {t('admin.licence.removeEffect', { count: user.upcomingSessionCount })}
          </p>
        </ConfirmDialog>
      )}
    </div>
  )
}
