import { type ReactNode, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router-dom'
import { Logo } from '@/shared/ui/logo'
import { useDrawer } from './use-drawer'

/**
 * The frame both shells share (§2): a side navigation on wide screens; on small ones a header
 * with a menu button and a slide-down drawer closed by an outside click, Escape or navigation.
 */
export function SidebarShell({
  widthClass,
  children,
}: {
  widthClass: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  const { open: drawerOpen, ref: drawerRef, toggle: toggleDrawer } = useDrawer()
  const menuId = useId()
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <div ref={drawerRef} className={`${widthClass} md:shrink-0`}>
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
          {children}
        </nav>
      </div>
      <main className="min-w-0 flex-1">
        <Outlet />
      </main>
    </div>
  )
}
