import axios from 'axios'
import { env } from '@/shared/config/env'
import { toApiError } from './errors'

/**
 * The one HTTP client of the SPA: the API base from VITE_API_URL, credentials (the session
 * cookie) sent, JSON accepted. It only normalises errors; toasts and redirects belong to callers.
 */
export const api = axios.create({
  baseURL: env.API_URL,
  withCredentials: true,
  headers: { Accept: 'application/json' },
})

api.interceptors.response.use(
  (response) => response,
  (error: unknown) => Promise.reject(toApiError(error)),
)
