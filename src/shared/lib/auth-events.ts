/** §2: two window events move the user after signing in or out, whoever caused it. */
export const AUTH_LOGIN_EVENT = 'auth-login'
export const AUTH_LOGOUT_EVENT = 'auth-logout'

export const announceLogin = () => window.dispatchEvent(new Event(AUTH_LOGIN_EVENT))
export const announceLogout = () => window.dispatchEvent(new Event(AUTH_LOGOUT_EVENT))
