/**
 * A user as the API shows it, built from the plain facts each backend stores, so the server and
 * the mock catalogue answer GET /user/me and the admin list with the same fields.
 */
import type { AdminUser, CurrentUser, Language, Role, VideoLicence } from './entities.ts'

export interface Account {
  id: number
  name: string
  email: string
  description: string | null
  role: Role
  language: Language
  isEmailConfirmed: boolean
  pendingEmail: string | null
  isValidated: boolean
  videoLicenceId: number | null
  videoLicence: VideoLicence | null
}

export const toCurrentUser = (account: Account): CurrentUser => ({
  id: account.id,
  name: account.name,
  email: account.email,
  description: account.description,
  role: account.role,
  language: account.language,
  isEmailConfirmed: account.isEmailConfirmed,
  pendingEmail: account.pendingEmail,
  isValidated: account.isValidated,
  isVideoConferenceConnected: account.videoLicenceId !== null,
  videoLicence: account.videoLicence,
})

/** `upcomingSessionCount`: sessions of the user's lessons that have not ended yet. */
export const toAdminUser = (
  account: Account,
  createdAt: string,
  upcomingSessionCount: number,
): AdminUser => ({
  id: account.id,
  name: account.name,
  email: account.email,
  role: account.role,
  isEmailConfirmed: account.isEmailConfirmed,
  isValidated: account.isValidated,
  isVideoConferenceConnected: account.videoLicenceId !== null,
  videoLicence: account.videoLicence,
  createdAt,
  upcomingSessionCount,
})
