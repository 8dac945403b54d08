import type { CurrentUser } from '@contract/index'
import { useEffect } from 'react'
import { changeLanguage, currentLanguage } from '@/shared/i18n/i18n'
import { isAppLanguage } from '@/shared/i18n/languages'
import { LanguageSwitcher } from '@/shared/ui/language-switcher'
import { useSaveLanguage } from '../api/update-profile'

/**
 * A signed-in user's interface language: the account's, from sign-in on (whatever this browser
 * last showed), and each choice of the switcher kept on the account, which its e-mails follow.
 */
export function AccountLanguage({ user, label }: { user: CurrentUser; label?: string }) {
  const save = useSaveLanguage()
  useEffect(() => {
    if (isAppLanguage(user.language) && user.language !== currentLanguage()) {
      void changeLanguage(user.language)
    }
  }, [user.id, user.language])
  return (
    <LanguageSwitcher
      onChoose={(language) => save.mutate(language)}
      {...(label ? { label } : {})}
    />
  )
}
