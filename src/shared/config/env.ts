import { boolean, type InferType, object, string } from 'yup'

/**
 * The VITE_* variables, validated once at start-up; the type is derived from the schema. The
 * payment SDK's settings come from the API (GET /payments/config), which owns the credentials.
 */
const envSchema = object({
  API_URL: string().trim().required('VITE_API_URL is required (see .env.example)'),
  SUPPORT_EMAIL: string().trim().email().default('support@manabi.example'),
  ENABLE_MOCKS: boolean().default(false),
})

export type Env = InferType<typeof envSchema>

const readEnv = (): Env => {
  const raw = import.meta.env
  try {
    return envSchema.validateSync(
      {
        API_URL: raw.VITE_API_URL,
        SUPPORT_EMAIL: raw.VITE_SUPPORT_EMAIL || undefined,
        ENABLE_MOCKS: raw.VITE_ENABLE_MOCKS === 'true',
      },
      { abortEarly: false },
    )
  } catch (error) {
    const details = error instanceof Error ? error.message : String(error)
    throw new Error(`Invalid environment configuration: ${details}`)
  }
}

export const env = readEnv()

/** An absolute URL for a path the API returned relative to its base (images, files). */
export const apiAssetUrl = (path: string) => `${env.API_URL.replace(/\/$/, '')}${path}`
