import Type from 'typebox'
import { errors, MessageBody } from '../common.ts'
import * as op from '../descriptors/auth.ts'
import { defineEndpoint } from '../endpoint.ts'
import { CurrentUser, Email, Language } from '../entities.ts'
import { PASSWORD_PATTERN } from '../rules.ts'

export const Password = Type.String({ pattern: PASSWORD_PATTERN, maxLength: 128 })
const Registrable = Type.Union([Type.Literal('student'), Type.Literal('educator')])

export const RegisterBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 120, description: 'Refused when blank' }),
  email: Email,
  password: Password,
  role: Registrable,
  terms: Type.Optional(Type.Boolean()),
  language: Type.Optional(Language),
})
export type RegisterBody = Type.Static<typeof RegisterBody>

export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1 }),
  password: Type.String({ minLength: 1 }),
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

export const register = defineEndpoint(op.register, {
  summary: 'Create a student or educator account; a confirmation e-mail is sent',
  body: RegisterBody,
  response: { 201: MessageBody, ...errors(400, 409, 429) },
})

export const confirm = defineEndpoint(op.confirm, {
  summary:
    "Confirm an e-mail address with the single-use token from the e-mail: a registration's, or " +
    'a new address asked for in the settings (409 when another account took it meanwhile)',
  body: ConfirmBody,
  response: { 200: MessageBody, ...errors(400, 409) },
})

export const resendConfirmation = defineEndpoint(op.resendConfirmation, {
  summary: 'Send the confirmation e-mail again (same answer whether or not the address exists)',
  body: EmailBody,
  response: { 200: MessageBody, ...errors(400, 429) },
})

export const login = defineEndpoint(op.login, {
  summary: 'Sign in; sets the session cookie (persistent for 30 days with rememberMe)',
  body: LoginBody,
  response: { 200: CurrentUser, ...errors(400, 401, 403, 429) },
})

export const logout = defineEndpoint(op.logout, {
  summary: 'Sign out; clears the session cookie (refused when another site asks)',
  response: { 200: MessageBody, ...errors(403) },
})

export const passwordResetEmail = defineEndpoint(op.passwordResetEmail, {
  summary: 'Send a password-reset e-mail (same answer whether or not the address exists)',
  body: EmailBody,
  response: { 200: MessageBody, ...errors(400, 429) },
})

export const setNewPassword = defineEndpoint(op.setNewPassword, {
  summary: 'Set a new password with the single-use reset token',
  body: SetNewPasswordBody,
  response: { 200: MessageBody, ...errors(400, 429) },
})
