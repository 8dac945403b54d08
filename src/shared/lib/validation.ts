import { EMAIL_PATTERN, PASSWORD_PATTERN } from '@contract/rules'
import { ref, string } from 'yup'

/**
 * Field rules of §5 shared by every form. Messages are translation keys (common.errors.*), so a
 * form shows them in the current language.
 */
export const errorKeys = {
  required: 'common.errors.required',
  invalidEmail: 'common.errors.invalidEmail',
  passwordLength: 'common.errors.passwordLength',
  passwordMustMatch: 'common.errors.passwordMustMatch',
  acceptTerms: 'common.errors.acceptTerms',
  emailExists: 'common.errors.emailExists',
} as const

export const requiredText = () => string().trim().required(errorKeys.required)

export const emailField = () =>
  string()
    .trim()
    .required(errorKeys.required)
    .matches(new RegExp(EMAIL_PATTERN), errorKeys.invalidEmail)

export const passwordField = () =>
  string()
    .required(errorKeys.required)
    .matches(new RegExp(PASSWORD_PATTERN), errorKeys.passwordLength)

export const confirmPasswordField = (passwordField = 'password') =>
  string()
    .required(errorKeys.required)
    .oneOf([ref(passwordField)], errorKeys.passwordMustMatch)
