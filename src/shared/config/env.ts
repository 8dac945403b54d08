import { DEFAULT_SUPPORT_EMAIL, isValidEmail } from '@contract/landing-rules'

/**
 * The VITE_* variables, validated once at start-up. The payment SDK's settings come from the API
 * (GET /payments/config), which owns the credentials. Three fields need no schema library: every
 * screen loads this module first, so it stays out of the forms' validation code.
 */
export interface Env {
  API_URL: string
  SUPPORT_EMAIL: string
  ENABLE_MOCKS: boolean
}

type RawEnv = Partial<
  Record<'VITE_API_URL' | 'VITE_SUPPORT_EMAIL' | 'VITE_ENABLE_MOCKS', string | undefined>
>

/** The variables as the app uses them, or an error naming every one that is wrong. */
export const parseEnv = (raw: RawEnv): Env => {
  const apiUrl = raw.VITE_API_URL?.trim() ?? ''
  const supportEmail = raw.VITE_SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL
  const problems = [
    ...(apiUrl ? [] : ['VITE_API_URL is required (see .env.example)']),
    ...(isValidEmail(supportEmail) ? [] : ['VITE_SUPPORT_EMAIL must be a valid email']),
  ]
  if (problems.length) {
    throw new Error(`Invalid environment configuration: ${problems.join(', ')}`)
  }
  return {
    API_URL: apiUrl,
    SUPPORT_EMAIL: supportEmail,
    ENABLE_MOCKS: raw.VITE_ENABLE_MOCKS === 'true',
  }
}

export const env = parseEnv({
  VITE_API_URL: import.meta.env.VITE_API_URL,
  VITE_SUPPORT_EMAIL: import.meta.env.VITE_SUPPORT_EMAIL,
  VITE_ENABLE_MOCKS: import.meta.env.VITE_ENABLE_MOCKS,
})

/** An absolute URL for a path the API returned relative to its base (images, files). */
export const apiAssetUrl = (path: string) => `${env.API_URL.replace(/\/$/, '')}${path}`
