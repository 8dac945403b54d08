import type { AdminUser, CurrentUser, VideoLicence } from '../../../contract/entities.ts'
import type { users, videoLicences } from '../db/schema.ts'

type UserRow = typeof users.$inferSelect
type LicenceRow = typeof videoLicences.$inferSelect

const toLicence = (licence: LicenceRow | null | undefined): VideoLicence | null =>
  licence
    ? {
        id: licence.id,
        provider: licence.provider as VideoLicence['provider'],
        accountEmail: licence.accountEmail,
      }
    : null

/** Students and admins need no approval; educators are approved by an admin (§4). */
export const isValidated = (user: UserRow) => user.role !== 'educator' || user.approvedAt !== null

export const toCurrentUser = (
  user: UserRow,
  licence: LicenceRow | null | undefined,
): CurrentUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  description: user.description,
  role: user.role,
  language: user.language,
  isEmailConfirmed: user.emailConfirmedAt !== null,
  isValidated: isValidated(user),
  isVideoConferenceConnected: user.videoLicenceId !== null,
  videoLicence: toLicence(licence),
})

export const toAdminUser = (user: UserRow, licence: LicenceRow | null | undefined): AdminUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  isEmailConfirmed: user.emailConfirmedAt !== null,
  isValidated: isValidated(user),
  isVideoConferenceConnected: user.videoLicenceId !== null,
  videoLicence: toLicence(licence),
  createdAt: user.createdAt.toISOString(),
})
