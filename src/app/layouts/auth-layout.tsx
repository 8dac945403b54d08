import { Outlet } from 'react-router-dom'
import { LanguageSwitcher } from '@/shared/ui/language-switcher'
import { Logo } from '@/shared/ui/logo'

/** The auth screens' frame: logo, language choice and a centred card. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="flex items-center justify-between p-4">
        <Logo />
        <div className="w-40">
          <LanguageSwitcher />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center p-4 sm:items-center">
        <div className="w-full max-w-xl rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <Outlet />
        </div>
      </main>
    </div>
  )
}
