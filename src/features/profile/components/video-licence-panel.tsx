import type { CurrentUser } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { Button } from '@/shared/ui/button'
import { useReassignVideoLicence } from '../api/reassign-video-licence'

/**
 * §2, §6: an educator's own video-conference licence: which account is lent now, and a button
 * asking for another one, disabled while the request runs. Only approved educators may ask.
 */
export function VideoLicencePanel({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const reassign = useReassignVideoLicence()
  const licence = user.videoLicence
  return (
    <section aria-labelledby="video-licence-title" className="flex flex-col gap-3">
      <h2 id="video-licence-title" className="text-lg font-semibold text-slate-900">
        {t('profile.licence.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('profile.licence.description')}</p>
      <p className="text-sm text-slate-800">
        {licence
          ? t('profile.licence.current', {
              provider: t(`profile.licence.providers.${licence.provider}`),
              account: licence.accountEmail,
            })
          : t('profile.licence.none')}
      </p>
      {!user.isValidated && (
        <p className="text-sm text-slate-600">{t('profile.licence.notApproved')}</p>
      )}
      <div>
        <Button
          variant="secondary"
          onClick={() => reassign.mutate()}
          pending={reassign.isPending}
          disabled={!user.isValidated}
        >
          {t('profile.licence.reassign')}
        </Button>
      </div>
    </section>
  )
}
