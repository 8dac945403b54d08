import type { CurrentUser } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { buttonClass } from '@/shared/ui/button'
import { DeactivationNotice } from '@/shared/ui/deactivation-notice'

/**
 * What an educator can do now, read from its account on each load: wait for an admin's approval,
 * wait for a video licence (no sessions without one), or create lessons; or, once the terms'
 * earnings rule deactivated the account, why and how to reach support.
 */
export function EducatorStatus({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  if (user.deactivation) return <DeactivationNotice at={user.deactivation.at} effects />
  if (!user.isValidated) {
    return (
      <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
        <p className="font-medium text-amber-900">{t('auth.notApproved.title')}</p>
        <p className="mt-1 text-sm text-amber-900">{t('auth.notApproved.description')}</p>
      </div>
    )
  }
  return (
    <div className="flex flex-col items-start gap-4">
      {!user.videoLicence && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p className="font-medium text-amber-900">{t('profile.status.noLicenceTitle')}</p>
          <p className="mt-1 text-sm text-amber-900">{t('profile.status.noLicence')}</p>
        </div>
      )}
      <Link to={paths.lesson.create.href()} className={buttonClass('primary')}>
        {t('profile.status.createLesson')}
      </Link>
    </div>
  )
}
