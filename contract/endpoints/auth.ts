import Type from 'typebox'
import { errors, MessageBody } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { CurrentUser, Email, Language } from '../entities.ts'
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PATTERN,
  TIME_ZONE_MAX_LENGTH,
} from '../rules.ts'

export const Password = Type.String({ pattern: PASSWORD_PATTERN, maxLength: PASSWORD_MAX_LENGTH })
const Registrable = Type.Union([Type.Literal('student'), Type.Literal('educator')])

export const RegisterBody = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: NAME_MAX_LENGTH,
    description: 'Refused when blank',
  }),
  email: Email,
  password: Password,
  role: Registrable,
  terms: Type.Optional(Type.Boolean()),
  language: Type.Optional(Language),
  timezone: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: TIME_ZONE_MAX_LENGTH,
      description: "IANA time zone, e.g. Asia/Tokyo; the browser's, refused when unknown",
    }),
  ),
})
export type RegisterBody = Type.Static<typeof RegisterBody>

// Bounded as an account holds them: a longer one cannot sign in, and is refused before any lookup.
export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  rememberMe: Type.Optional(Type.Boolean()),
})
export type LoginBody = Type.Static<typeof LoginBody>

export const ConfirmBody = Type.Object({ validationToken: Type.String({ minLength: 1 }) })
export type ConfirmBody = Type.Static<typeof ConfirmBody>

export const EmailBody = Type.Object({ email: Email })
export type EmailBody = Type.Static<typeof EmailBody>

export const SetNewPasswordBody = Type.Object({
  password: Password,
  passwordResetToken: Type.String({ minLength: 1 }),
})
export type SetNewPasswordBody = Type.Static<typeof SetNewPasswordBody>

export const register = defineEndpoint({
  method: 'POST',
  path: '/auth/register',
  access: 'public',
  summary: 'Create a student or educator account; a confirmation e-mail is sent',
  description:
    'Creates an unconfirmed student or educator account (never an admin) and e-mails it a confirmation link; 409 when the e-mail address is taken.',
  body: RegisterBody,
  response: { 201: MessageBody, ...errors(400, 409, 429) },
})

export const confirm = defineEndpoint({
  method: 'POST',
  path: '/auth/confirm',
  access: 'public',
  summary:
    "Confirm an e-mail address with the single-use token from the e-mail: a registration's, or " +
    'a new address asked for in the settings (409 when another account took it meanwhile)',
  description:
    'Confirms the e-mail address the single-use token was sent to, so the account may sign in, or moves the account to the new address it asked for.',
  body: ConfirmBody,
  response: { 200: MessageBody, ...errors(400, 409) },
})

export const resendConfirmation = defineEndpoint({
  method: 'POST',
  path: '/auth/resend-confirmation',
  access: 'public',
  summary: 'Send the confirmation e-mail again (same answer whether or not the address exists)',
  description:
    'E-mails a new confirmation link to an account not yet confirmed; the answer never tells whether the address is registered.',
  body: EmailBody,
  response: { 200: MessageBody, ...errors(400, 429) },
})

export const login = defineEndpoint({
  method: 'POST',
  path: '/auth/login',
  access: 'public',
  summary: 'Sign in; sets the session cookie (persistent for 30 days with rememberMe)',
  description:
    'Checks the e-mail and password of a confirmed account and opens a session (an HttpOnly cookie); repeated failures lock sign-ins for a while.',
  body: LoginBody,
  response: { 200: CurrentUser, ...errors(400, 401, 403, 429) },
})

export const logout = defineEndpoint({
  method: 'GET',
  path: '/auth/logout',
  access: 'public',
  summary: 'Sign out; clears the session cookie (refused when another site asks)',
  description:
    "Ends the caller's session, if any, and clears its cookie; refused (403) when a page of another origin sends it.",
  response: { 200: MessageBody, ...errors(403) },
})

export const passwordResetEmail = defineEndpoint({
  method: 'POST',
  path: '/auth/password-reset-email',
  access: 'public',
  summary: 'Send a password-reset e-mail (same answer whether or not the address exists)',
  description:
    'E-mails a single-use password-reset link to the address when an account has it; the answer never tells whether it does.',
  body: EmailBody,
  response: { 200: MessageBody, ...errors(400, 429) },
})

export const setNewPassword = defineEndpoint({
  method: 'POST',
  path: '/auth/set-new-password',
  access: 'public',
  summary: 'Set a new password with the single-use reset token',
  description:
    'Replaces the password of the account the single-use reset token names and signs out its other sessions; an invalid or used token is refused (400).',
  body: SetNewPasswordBody,
  response: { 200: MessageBody, ...errors(400, 429) },
})
