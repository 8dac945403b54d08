import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useUser } from '@/shared/auth/current-user'
import { AccountLanguage } from './account-language'
import { ChangePasswordDialog } from './change-password-dialog'
import { ProfileForm } from './profile-form'
import { VideoLicencePanel } from './video-licence-panel'

/** A titled card of the settings page: its heading names it, a line says what it is for. */
function SettingsSection({
  id,
  heading,
  description,
  children,
}: {
  id: string
  heading: string
  description: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <p className="text-sm text-slate-600">{description}</p>
      {children}
    </section>
  )
}

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
      <SettingsSection
        id="password-title"
        heading={t('profile.password.heading')}
        description={t('profile.password.description')}
      >
        <div>
          <ChangePasswordDialog />
        </div>
      </SettingsSection>
      <SettingsSection
        id="language-title"
        heading={t('profile.language.heading')}
        description={t('profile.language.description')}
      >
        <div className="max-w-xs">
          <AccountLanguage user={user} label={t('profile.language.label')} />
        </div>
      </SettingsSection>
      {user.role === 'educator' && (
        <div className="rounded-xl bg-white p-6 shadow-sm">
          <VideoLicencePanel user={user} />
        </div>
      )}
    </section>
  )
}
