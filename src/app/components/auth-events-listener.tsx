import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '@/shared/config/paths'
import { AUTH_LOGIN_EVENT, AUTH_LOGOUT_EVENT } from '@/shared/lib/auth-events'

/** §2: the auth-login event goes to /, the auth-logout event to /auth/login, replacing history. */
export function AuthEventsListener() {
  const navigate = useNavigate()
  useEffect(() => {
    const toHome = () => void navigate(paths.home.href(), { replace: true })
    const toLogin = () => void navigate(paths.auth.login.href(), { replace: true })
    window.addEventListener(AUTH_LOGIN_EVENT, toHome)
    window.addEventListener(AUTH_LOGOUT_EVENT, toLogin)
    return () => {
      window.removeEventListener(AUTH_LOGIN_EVENT, toHome)
      window.removeEventListener(AUTH_LOGOUT_EVENT, toLogin)
    }
  }, [navigate])
  return null
}
