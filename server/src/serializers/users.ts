import type {
  AdminUser,
  CurrentUser,
  EarningsRule,
  VideoLicence,
} from '../../../contract/entities.ts'
import {
  type Account,
  toAdminUser as adminUser,
  toCurrentUser as currentUser,
} from '../../../contract/users.ts'
import { isValidatedAccount } from '../../../contract/checks.ts'
import type { LicenceRow, UserRow } from '../repositories/users.ts'

const toLicence = (licence: LicenceRow | null | undefined): VideoLicence | null =>
  licence
    ? {
        id: licence.id,
        provider: licence.provider as VideoLicence['provider'],
        accountEmail: licence.accountEmail,
      }
    : null

/** Students and admins need no approval; educators are approved by an admin. */
export const isValidated = (user: Pick<UserRow, 'role' | 'approvedAt'>) =>
  isValidatedAccount(user.role, user.approvedAt !== null)

const accountOf = (user: UserRow, licence: LicenceRow | null | undefined): Account => ({
  id: user.id,
  name: user.name,
  email: user.email,
  description: user.description,
  role: user.role,
  language: user.language,
  isEmailConfirmed: user.emailConfirmedAt !== null,
  pendingEmail: user.pendingEmail,
  isValidated: isValidated(user),
  videoLicenceId: user.videoLicenceId,
  videoLicence: toLicence(licence),
  timezone: user.timezone,
  deactivation:
    user.deactivatedAt === null
      ? null
      : { at: user.deactivatedAt.toISOString(), reason: 'earningsRule' },
})

export const toCurrentUser = (user: UserRow, licence: LicenceRow | null | undefined): CurrentUser =>
  currentUser(accountOf(user, licence))

export const toAdminUser = (
  user: UserRow,
  licence: LicenceRow | null | undefined,
  upcomingSessionCount: number,
  earningsRule: EarningsRule | null,
): AdminUser =>
  adminUser(accountOf(user, licence), {
    createdAt: user.createdAt.toISOString(),
    upcomingSessionCount,
    earningsRule,
  })
