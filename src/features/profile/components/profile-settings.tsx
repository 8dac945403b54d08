import { useTranslation } from 'react-i18next'
import { useUser } from '@/shared/auth/current-user'
import { AccountLanguage } from './account-language'
import { ChangePasswordDialog } from './change-password-dialog'
import { ProfileForm } from './profile-form'
import { VideoLicencePanel } from './video-licence-panel'

/**
 * §2 /settings: the profile form, the change-password dialog, the account's language and, for
 * educators, the video licence. The route guard has loaded the user before this renders.
 */
export function ProfileSettings() {
  const { t } = useTranslation()
  const { data: user } = useUser()
  if (!user) return null
  return (
    <section aria-labelledby="settings-title" className="mx-auto flex max-w-2xl flex-col gap-8 p-6">
      <h1 id="settings-title" className="text-2xl font-semibold text-slate-900">
        {t('settings.title')}
      </h1>
      <div className="rounded-xl bg-white p-6 shadow-sm">
        <ProfileForm user={user} />
      </div>
      <section
        aria-labelledby="password-title"
        className="flex flex-col gap-3 rounded-xl bg-white p-6 shadow-sm"
      >
        <h2 id="password-title" className="text-lg font-semibold text-slate-900">
          {t('profile.password.heading')}
        </h2>
        <p className="text-sm text-slate-600">{t('profile.password.description')}</p>
        <div>
          <ChangePasswordDialog />
        </div>
      </section>
      <section
        aria-labelledby="language-title"
        className="flex flex-col gap-3 rounded-xl bg-white p-6 shadow-sm"
      >
        <h2 id="language-title" className="text-lg font-semibold text-slate-900">
          {t('profile.language.heading')}
        </h2>
        <p className="text-sm text-slate-600">{t('profile.language.description')}</p>
        <div className="max-w-xs">
          <AccountLanguage user={user} label={t('profile.language.label')} />
        </div>
      </section>
      {user.role === 'educator' && (
        <div className="rounded-xl bg-white p-6 shadow-sm">
          <VideoLicencePanel user={user} />
        </div>
      )}
    </section>
  )
}
