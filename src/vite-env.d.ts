/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL: string
  readonly VITE_SUPPORT_EMAIL?: string
  readonly VITE_PAYPAL_CLIENT_ID?: string
  readonly VITE_PAYPAL_ENV?: string
  readonly VITE_ENABLE_MOCKS?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
