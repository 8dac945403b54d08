import { describe } from '../descriptor.ts'

/** The auth calls: method, path and access (schemas in ../endpoints/auth.ts). */

export const register = describe({
  method: 'POST',
  path: '/auth/register',
  access: 'public',
})

export const confirm = describe({
  method: 'POST',
  path: '/auth/confirm',
  access: 'public',
})

export const resendConfirmation = describe({
  method: 'POST',
  path: '/auth/resend-confirmation',
  access: 'public',
})

export const login = describe({
  method: 'POST',
  path: '/auth/login',
  access: 'public',
})

export const logout = describe({
  method: 'GET',
  path: '/auth/logout',
  access: 'public',
})

export const passwordResetEmail = describe({
  method: 'POST',
  path: '/auth/password-reset-email',
  access: 'public',
})

export const setNewPassword = describe({
  method: 'POST',
  path: '/auth/set-new-password',
  access: 'public',
})
