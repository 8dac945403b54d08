import type { CurrentUser } from '@contract/index'
import { useTranslation } from 'react-i18next'
import { useLogout } from '@/features/auth/api/logout'
import { AccountLanguage } from '@/features/profile/components/account-language'
import { env } from '@/shared/config/env'
import { paths } from '@/shared/config/paths'
import { NavItem } from './nav-item'
import { SidebarShell } from './sidebar-shell'

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('')

function NavLinks({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-col gap-1">
      <li>
        <NavItem to={paths.home.href()} end>
          {t('nav.dashboard')}
        </NavItem>
      </li>
      {user.role === 'educator' && (
        <>
          <li>
            <NavItem to={paths.lesson.create.href()}>{t('nav.newLesson')}</NavItem>
          </li>
          <li>
            <NavItem to={paths.upcomingLessons.href()}>{t('nav.upcomingLessons')}</NavItem>
          </li>
          <li>
            <NavItem to={paths.earnings.href()}>{t('nav.earnings')}</NavItem>
          </li>
        </>
      )}
      {user.role === 'student' && (
        <li>
          <NavItem to={paths.history.href()}>{t('nav.history')}</NavItem>
        </li>
      )}
      {user.role === 'admin' && (
        <>
          <li>
            <NavItem to={paths.admin.users.href()}>{t('nav.users')}</NavItem>
          </li>
          <li>
            <NavItem to={paths.admin.licences.href()}>{t('nav.videoLicences')}</NavItem>
          </li>
        </>
      )}
      <li>
        <NavItem to={paths.settings.href()}>{t('nav.settings')}</NavItem>
      </li>
      <li>
        <a
          href={`mailto:${env.SUPPORT_EMAIL}`}
          className="block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          {t('nav.support')}
        </a>
      </li>
    </ul>
  )
}

/** §2 navigation for signed-in users: per-role links, the user at the bottom, logout. */
export default function AuthenticatedLayout({ user }: { user: CurrentUser }) {
  const { t } = useTranslation()
  const logout = useLogout()
  return (
    <SidebarShell widthClass="md:w-64">
      <NavLinks user={user} />
      <AccountLanguage user={user} />
      <div className="mt-auto flex flex-col gap-3 border-t border-slate-200 pt-4">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
          >
            {initials(user.name)}
          </span>
          <div className="min-w-0 text-sm">
            <p className="truncate font-medium text-slate-900">{user.name}</p>
            <p className="truncate text-slate-600">{user.email}</p>
          </div>
        </div>
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          className="rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          {t('nav.logout')}
        </button>
      </div>
    </SidebarShell>
  )
}
