import {
  me,
  reassignOwnVideoLicence,
  updateProfile,
  userAverageScore,
  userReviews,
} from '@contract/endpoints/user'
import { MESSAGES } from '@contract/messages'
import { PAGE_SIZE } from '@contract/rules'
import { db, sendEmail } from '../db'
import { fail, paginate, route } from '../http'
import { assignLicence, averageScoreOf, licenceLine, reviewsOfEducator, userById } from '../queries'
import { toCurrentUser, toReview } from '../serializers'

export const userHandlers = [
  route(me, ({ user }) => ({ status: 200, body: toCurrentUser(user) })),

  route(updateProfile, ({ user, body }) => {
    if (body.name !== undefined && !body.name.trim()) fail(400, MESSAGES.accounts.blankName)
    if (body.email !== undefined) {
      const email = body.email.trim().toLowerCase()
      const taken = db.users.some(
        (other) => other.id !== user.id && other.email.toLowerCase() === email,
      )
      if (taken) fail(409, MESSAGES.accounts.emailExists)
      user.email = body.email.trim()
    }
    if (body.name !== undefined) user.name = body.name.trim()
    // Only educators have a bio; a blank one is no bio.
    if (body.description !== undefined && user.role === 'educator') {
      user.description = body.description?.trim() ? body.description : null
    }
    if (body.password !== undefined) user.password = body.password
    if (body.language !== undefined) user.language = body.language
    return { status: 200, body: toCurrentUser(user) }
  }),

  route(reassignOwnVideoLicence, ({ user }) => {
    if (!user.isValidated) fail(403, MESSAGES.accounts.notApproved)
    assignLicence(user)
    sendEmail(user.email, 'Licence assigned', `You now hold ${licenceLine(user)}.`)
    return { status: 200, body: toCurrentUser(user) }
  }),

  route(userReviews, ({ params, query }) => {
    const educator = userById(params.id)
    const reviews = reviewsOfEducator(educator.id).map(toReview)
    return { status: 200, body: paginate(reviews, query, PAGE_SIZE.reviews) }
  }),

  route(userAverageScore, ({ params }) => ({
    status: 200,
    body: averageScoreOf(userById(params.id).id),
  })),
]
