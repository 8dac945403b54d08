/**
 * A user as the API shows it, built from the plain facts each backend stores, so the server and
 * the mock catalogue answer GET /user/me and the admin list with the same fields.
 */
import type {
  AdminUser,
  CurrentUser,
  Deactivation,
  EarningsRule,
  Language,
  Role,
  VideoLicence,
} from './entities.ts'

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
  timezone: string
  deactivation: Deactivation | null
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
  timezone: account.timezone,
  deactivation: account.deactivation,
})

/** What the admin list shows beside the account, each backend counting it from its own rows. */
export interface AdminFacts {
  createdAt: string
  /** Sessions of the user's lessons that have not ended yet. */
  upcomingSessionCount: number
  /** The rule of the educator's current period; null unless an approved, active educator. */
  earningsRule: EarningsRule | null
}

export const toAdminUser = (
  account: Account,
  { createdAt, upcomingSessionCount, earningsRule }: AdminFacts,
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
  deactivatedAt: account.deactivation?.at ?? null,
  earningsRule,
})

/** What an educator's earnings show of a student: the first word of their name. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? ''

/** Totals of earnings rows, in cents (each an integer sum the backend made). */
export const sumEarnings = (
  rows: readonly { grossCents: number; feeCents: number; shareCents: number }[],
) =>
  rows.reduce(
    (total, row) => ({
      grossCents: total.grossCents + row.grossCents,
      feeCents: total.feeCents + row.feeCents,
      shareCents: total.shareCents + row.shareCents,
    }),
    { grossCents: 0, feeCents: 0, shareCents: 0 },
  )
