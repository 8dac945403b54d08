import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { LanguageSwitcher } from '@/shared/ui/language-switcher'
import { Logo } from '@/shared/ui/logo'
import { NavItem } from './nav-item'
import { useDrawer } from './use-drawer'

/** §2 guest area: a sidebar with the dashboard link, the language switcher and the login link. */
export default function GuestLayout() {
  const { t } = useTranslation()
  const { open: drawerOpen, ref: drawerRef, toggle: toggleDrawer } = useDrawer()
  const menuId = useId()
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <div ref={drawerRef} className="md:w-60 md:shrink-0">
        <header className="flex items-center justify-between border-b border-slate-200 bg-white p-4 md:hidden">
          <Logo />
          <button
            type="button"
            aria-expanded={drawerOpen}
            aria-controls={menuId}
            onClick={toggleDrawer}
            className="rounded-md border border-slate-300 px-3 py-1 text-sm"
          >
            {drawerOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          </button>
        </header>
        <nav
          id={menuId}
          aria-label={t('nav.label')}
          className={`${drawerOpen ? 'flex' : 'hidden'} flex-col gap-4 border-b border-slate-200 bg-white p-4 md:sticky md:top-0 md:flex md:h-screen md:border-r md:border-b-0`}
        >
          <div className="hidden md:block">
            <Logo />
          </div>
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
        </nav>
      </div>
      <main className="min-w-0 flex-1">
        <Outlet />
      </main>
    </div>
  )
}
