import type { CurrentUser } from '@contract/index'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/shared/ui/button'
import { useReassignVideoLicence } from '../api/reassign-video-licence'

/**
 * §2, §6: an educator's own video-conference licence. Reassigning exchanges the licence held for
 * another free one (the server refuses an educator without one), so the button is there only
 * beside a licence, and says what it does; without a licence the panel says that an
 * administrator lends one and that an e-mail follows. Only approved educators may reassign: the
 * button is disabled, with the reason, until then. It is disabled while the request runs.
 */
export function VideoLicencePanel({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const reassign = useReassignVideoLicence()
  const hintId = useId()
  const licence = user.videoLicence
  return (
    <section aria-labelledby="video-licence-title" className="flex flex-col gap-3">
      <h2 id="video-licence-title" className="text-lg font-semibold text-slate-900">
        {t('profile.licence.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('profile.licence.description')}</p>
      {licence ? (
        <>
          <p className="text-sm text-slate-800">
            {t('profile.licence.current', {
              provider: t(`profile.licence.providers.${licence.provider}`),
              account: licence.accountEmail,
            })}
          </p>
          <p id={hintId} className="text-sm text-slate-600">
            {t(user.isValidated ? 'profile.licence.exchange' : 'profile.licence.notApproved')}
          </p>
          <div>
            <Button
              variant="secondary"
              onClick={() => reassign.mutate()}
              pending={reassign.isPending}
              disabled={!user.isValidated}
              aria-describedby={hintId}
            >
              {t('profile.licence.reassign')}
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-800">{t('profile.licence.none')}</p>
      )}
    </section>
  )
}
