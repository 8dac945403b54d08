import { earningsCsv } from '@contract/earnings-csv'
import * as endpoints from '@contract/endpoints/user'
import { attachmentDisposition } from '@contract/files'
import { HttpResponse } from 'msw'
import { MESSAGES } from '@contract/messages'
import {
  isBlank,
  isNewAddress,
  PAGE_SIZE,
  REAUTH_MAX_FAILURES,
  REAUTH_WINDOW_MS,
} from '@contract/rules'
import { type DbUser, sendEmail, timeZoneOf } from '../db'
import { earningsLines, earningsSummary } from '../earnings'
import { fail, knownTimeZone, paginate, route } from '../http'
import {
  assignLicence,
  averageScoreOf,
  educatorById,
  isEmailTaken,
  issueToken,
  licenceLine,
  retireTokens,
  reviewsOfEducator,
} from '../queries'
import { toCurrentUser, toReview } from '../serializers'

/**
 * The server's check of the current password: missing is a 400; the attempt is counted before
 * the check (REAUTH_MAX_FAILURES per window from the first), past the limit a 429 until the
 * window ends; a wrong one is a 403; the right one clears the count.
 */
const reauthenticate = (user: DbUser, currentPassword: string | undefined) => {
  if (!currentPassword) fail(400, MESSAGES.accounts.currentPasswordRequired)
  const now = Date.now()
  const windowOpen =
    user.reauthWindowStart !== null && user.reauthWindowStart > now - REAUTH_WINDOW_MS
  if (windowOpen && user.reauthFailures >= REAUTH_MAX_FAILURES) {
    const waitSeconds = Math.ceil(
      Math.max((user.reauthWindowStart ?? now) + REAUTH_WINDOW_MS - now, 1) / 1000,
    )
    // Like the server, it says when to try again.
    fail(429, MESSAGES.http.tooManyAttempts({ count: waitSeconds }), {
      'Retry-After': String(waitSeconds),
    })
  }
  user.reauthFailures = windowOpen ? user.reauthFailures + 1 : 1
  if (!windowOpen) user.reauthWindowStart = now
  if (currentPassword !== user.password) fail(403, MESSAGES.accounts.wrongCurrentPassword)
  user.reauthFailures = 0
  user.reauthWindowStart = null
}

export const userHandlers = [
  route(endpoints.myEarnings, ({ user, query }) => ({
    status: 200,
    body: paginate(earningsLines(user.id), query, PAGE_SIZE.default),
  })),

  route(endpoints.myEarningsSummary, ({ user }) => ({
    status: 200,
    body: earningsSummary(user),
  })),

  route(
    endpoints.myEarningsCsv,
    ({ user }) =>
      new HttpResponse(
        earningsCsv(earningsLines(user.id), {
          language: user.language,
          timeZone: timeZoneOf(user),
        }),
        {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': attachmentDisposition('earnings.csv'),
          },
        },
      ),
  ),

  route(endpoints.me, ({ user }) => ({ status: 200, body: toCurrentUser(user) })),

  // As the server: the password and a new address need the current password; a new address
  // waits for its confirmation link, and the address in use is told.
  route(endpoints.updateProfile, ({ user, body }) => {
    if (body.name !== undefined && isBlank(body.name)) fail(400, MESSAGES.accounts.blankName)
    const newEmail =
      body.email !== undefined && isNewAddress(user.email, body.email) ? body.email.trim() : null
    if (newEmail !== null || body.password !== undefined) {
      reauthenticate(user, body.currentPassword)
    }
    if (newEmail !== null && isEmailTaken(newEmail, user.id)) {
      fail(409, MESSAGES.accounts.emailExists)
    }
    if (body.email !== undefined && newEmail === null) user.email = body.email.trim()
    if (body.name !== undefined) user.name = body.name.trim()
    // Only educators have a bio; a blank one is no bio.
    if (body.description !== undefined && user.role === 'educator') {
      user.description = body.description?.trim() ? body.description : null
    }
    if (body.language !== undefined) user.language = body.language
    if (body.timezone !== undefined) user.timezone = knownTimeZone(body.timezone)
    if (body.password !== undefined) {
      user.password = body.password
      sendEmail(user.email, 'Password changed', 'Your password was changed.')
    }
    if (newEmail !== null) {
      user.pendingEmail = newEmail
      retireTokens(user.id, 'email_change')
      const token = issueToken(user.id, 'email_change', newEmail)
      sendEmail(newEmail, 'Confirm your new e-mail', `Open /auth/confirmation?token=${token}`)
      sendEmail(user.email, 'E-mail change requested', `A change to ${newEmail} was requested.`)
    }
    return { status: 200, body: toCurrentUser(user) }
  }),

  route(endpoints.withdrawEmailChange, ({ user }) => {
    user.pendingEmail = null
    retireTokens(user.id, 'email_change')
    return { status: 200, body: toCurrentUser(user) }
  }),

  // As the server: an exchange of the licence held; without one (never lent, or taken back by
  // an admin) nothing is taken from the pool, since only an admin lends a licence.
  route(endpoints.reassignOwnVideoLicence, ({ user }) => {
    if (!user.isValidated) fail(403, MESSAGES.accounts.notApproved)
    if (user.videoLicenceId === null) fail(409, MESSAGES.licences.noneToReassign)
    assignLicence(user)
    sendEmail(user.email, 'Licence assigned', `You now hold ${licenceLine(user)}.`)
    return { status: 200, body: toCurrentUser(user) }
  }),

  route(endpoints.userReviews, ({ params, query }) => {
    const educator = educatorById(params.id)
    const reviews = reviewsOfEducator(educator.id).map(toReview)
    return { status: 200, body: paginate(reviews, query, PAGE_SIZE.reviews) }
  }),

  route(endpoints.userAverageScore, ({ params }) => ({
    status: 200,
    body: averageScoreOf(educatorById(params.id).id),
  })),
]
