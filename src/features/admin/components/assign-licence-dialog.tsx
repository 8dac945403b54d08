import type { AdminUser } from '@contract/index'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { ConfirmDialog } from '@/shared/ui/confirm-dialog'
import { SelectField } from '@/shared/ui/select-field'
import { useAssignVideoLicence } from '../api/assign-video-licence'
import { useVideoLicences } from '../api/get-video-licences'

const FIRST_FREE = ''

/**
 * Lends an educator a licence: the first free one of the pool, or one the admin picks from the
 * free ones. An educator holding a licence gets the new one and its old one returns to the pool.
 */
export function AssignLicenceDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation()
  const assign = useAssignVideoLicence()
  const pool = useVideoLicences()
  const [choice, setChoice] = useState(FIRST_FREE)
  const free = (pool.data ?? []).filter((licence) => licence.holder === null)
  const held = user.videoLicence
  const provider = (value: 'zoom' | 'google_meet') => t(`profile.licence.providers.${value}`)

  const confirm = () => {
    const licenceId = choice === FIRST_FREE ? undefined : Number(choice)
    assign.mutate({ userId: user.id, licenceId }, { onSettled: onClose })
  }

  return (
    <ConfirmDialog
      open
      title={t(held ? 'admin.licence.reassignTitle' : 'admin.licence.assignTitle')}
      confirmLabel={t(held ? 'admin.licence.reassignConfirm' : 'admin.licence.assignConfirm')}
      pending={assign.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <p>
        {held
          ? t('admin.licence.reassignQuestion', {
              name: user.name,
              provider: provider(held.provider),
              account: held.accountEmail,
            })
          : t('admin.licence.assignQuestion', { name: user.name })}
      </p>
      <SelectField
        label={t('admin.licence.choose')}
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
        disabled={assign.isPending}
      >
        <option value={FIRST_FREE}>{t('admin.licence.firstFree')}</option>
        {free.map((licence) => (
          <option key={licence.id} value={String(licence.id)}>
            {t('admin.users.licence', {
              provider: provider(licence.provider),
              account: licence.accountEmail,
            })}
          </option>
        ))}
      </SelectField>
      {pool.isPending && <p role="status">{t('admin.licence.loadingPool')}</p>}
      {pool.isError && <p role="alert">{t('admin.licence.poolFailed')}</p>}
      {pool.isSuccess && free.length === 0 && (
        <p role="status" className="text-amber-800">
          {t('admin.licence.noneFree')}{' '}
          <Link to={paths.admin.licences.href()} className="font-medium underline">
            {t('admin.licence.openPool')}
          </Link>
        </p>
      )}
    </ConfirmDialog>
  )
}
