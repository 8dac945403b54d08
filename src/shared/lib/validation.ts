import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  isBlank,
  isStorableText,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PATTERN,
} from '@contract/rules'
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
  invalidCharacters: 'common.errors.invalidCharacters',
  nameTooLong: 'common.errors.nameTooLong',
  emailTooLong: 'common.errors.emailTooLong',
  passwordTooLong: 'common.errors.passwordTooLong',
} as const

/**
 * The API refuses a NUL character or an unpaired surrogate in any text (no column stores them):
 * a form says so at the field instead. For `.test('storable', errorKeys.invalidCharacters, storable)`.
 */
export const storable = (value: string | null | undefined) => value == null || isStorableText(value)

/**
 * Whether a text shows something, as the API requires of a required text (isBlank: zero-width
 * spaces alone read as blank). For `.test('visible', errorKeys.required, visible)`.
 */
export const visible = (value: string | null | undefined) => value == null || !isBlank(value)

export const requiredText = () =>
  string()
    .trim()
    .required(errorKeys.required)
    .test('visible', errorKeys.required, visible)
    .test('storable', errorKeys.invalidCharacters, storable)

/** A person's full name, at most what an account holds. */
export const nameField = () => requiredText().max(NAME_MAX_LENGTH, errorKeys.nameTooLong)

export const emailField = () =>
  string()
    .trim()
    .required(errorKeys.required)
    .max(EMAIL_MAX_LENGTH, errorKeys.emailTooLong)
    .matches(new RegExp(EMAIL_PATTERN), errorKeys.invalidEmail)
    .test('storable', errorKeys.invalidCharacters, storable)

export const passwordField = () =>
  string()
    .required(errorKeys.required)
    .max(PASSWORD_MAX_LENGTH, errorKeys.passwordTooLong)
    .matches(new RegExp(PASSWORD_PATTERN), errorKeys.passwordLength)

export const confirmPasswordField = (passwordField = 'password') =>
  string()
    .required(errorKeys.required)
    .oneOf([ref(passwordField)], errorKeys.passwordMustMatch)
