import { useTranslation } from 'react-i18next'
import { paths } from '@/shared/config/paths'
import { LanguageSwitcher } from '@/shared/ui/language-switcher'
import { NavItem } from './nav-item'
import { SidebarShell } from './sidebar-shell'

/** §2 guest area: a sidebar with the dashboard link, the language switcher and the login link. */
export default function GuestLayout() {
  const { t } = useTranslation()
  return (
    <SidebarShell widthClass="md:w-60">
      <ul className="flex flex-col gap-1">
        <li>
          <NavItem to={paths.home.href()} end>
            {t('nav.dashboard')}
          </NavItem>
        </li>
        <li>
          <NavItem to={paths.welcome.href()}>{t('nav.login')}</NavItem>
        </li>
      </ul>
      <LanguageSwitcher />
    </SidebarShell>
  )
}
