import { normaliseAccountEmail } from '@contract/checks'
import { rangeProblem } from '@contract/checks'
import * as endpoints from '@contract/endpoints/admin'
import { MESSAGES, messageFields } from '@contract/messages'
import { PAGE_SIZE } from '@contract/rules'
import { adminOverview, adminRefunds, adminSessions, matchesState } from '../admin-overview'
import { db, nextId, sendEmail } from '../db'
import { fail, found, paginate, route } from '../http'
import { judgedDeadline } from '../earnings'
import { assignLicence, licenceLine, userById } from '../queries'
import { toAdminUser, toPoolLicence } from '../serializers'

const educatorById = (id: number) => {
  const user = userById(id)
  if (user.role !== 'educator') fail(409, MESSAGES.licences.notAnEducator)
  return user
}

/** A list's range in ms; `from` after `to` is refused as the server refuses it. */
const rangeOf = (query: { from?: string | undefined; to?: string | undefined }) => {
  const problem = rangeProblem(query)
  if (problem) fail(400, problem)
  return {
    from: query.from === undefined ? undefined : Date.parse(query.from),
    to: query.to === undefined ? undefined : Date.parse(query.to),
  }
}

export const adminHandlers = [
  route(endpoints.listUsers, ({ query }) => {
    const search = query.search?.trim().toLowerCase()
    // One instant for the filter and the rows' rules, as the server's list reads its clock once.
    const now = Date.now()
    const users = db.users
      .filter((user) => !query.role || user.role === query.role)
      .filter((user) => query.isValidated === undefined || user.isValidated === query.isValidated)
      .filter((user) => matchesState(user, query.state, now))
      .filter(
        (user) =>
          !search ||
          user.name.toLowerCase().includes(search) ||
          user.email.toLowerCase().includes(search),
      )
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
    return {
      status: 200,
      body: paginate(
        users.map((user) => toAdminUser(user, now)),
        query,
        PAGE_SIZE.default,
      ),
    }
  }),

  route(endpoints.approveUser, ({ params }) => {
    const educator = educatorById(params.id)
    if (educator.isValidated) fail(409, MESSAGES.accounts.alreadyApproved)
    const now = new Date().toISOString()
    educator.isValidated = true
    educator.approvedAt = now
    educator.earningsRuleFrom = now
    sendEmail(educator.email, 'Account approved', 'An admin approved your educator account.')
    return { status: 200, body: toAdminUser(educator) }
  }),

  route(endpoints.reactivateUser, ({ params }) => {
    const user = userById(params.id)
    if (user.deactivatedAt === null) fail(409, MESSAGES.accounts.notDeactivated)
    const now = Date.now()
    user.deactivatedAt = null
    user.earningsRuleFrom = new Date(now).toISOString()
    const deadline = judgedDeadline(user, now)
    sendEmail(
      user.email,
      'Account reactivated',
      `Your account is active again; the next deadline is ${deadline === undefined ? 'none' : new Date(deadline).toISOString()}.`,
    )
    return { status: 200, body: toAdminUser(user) }
  }),

  route(endpoints.assignVideoLicence, ({ params, body }) => {
    const educator = educatorById(params.id)
    assignLicence(educator, body?.licenceId)
    sendEmail(educator.email, 'Licence assigned', `You now hold ${licenceLine(educator)}.`)
    return { status: 200, body: toAdminUser(educator) }
  }),

  route(endpoints.removeVideoLicence, ({ params }) => {
    const educator = educatorById(params.id)
    if (educator.videoLicenceId === null) fail(409, MESSAGES.licences.noneHeld)
    const held = licenceLine(educator)
    educator.videoLicenceId = null
    sendEmail(educator.email, 'Licence removed', `You no longer hold ${held}.`)
    return { status: 200, body: toAdminUser(educator) }
  }),

  route(endpoints.listVideoLicences, () => ({
    status: 200,
    body: [...db.licences].sort((a, b) => a.id - b.id).map(toPoolLicence),
  })),

  route(endpoints.addVideoLicence, ({ body }) => {
    const accountEmail = normaliseAccountEmail(body.accountEmail)
    const taken = db.licences.some((licence) => licence.accountEmail === accountEmail)
    if (taken) fail(409, MESSAGES.licences.duplicateAccount)
    const licence = {
      id: nextId(db.licences),
      provider: body.provider,
      accountEmail,
      createdAt: new Date().toISOString(),
    }
    db.licences.push(licence)
    return { status: 201, body: toPoolLicence(licence) }
  }),

  route(endpoints.retireVideoLicence, ({ params }) => {
    const licence = found(
      db.licences.find((row) => row.id === params.id),
      'Licence',
    )
    if (db.users.some((user) => user.videoLicenceId === licence.id)) {
      fail(409, MESSAGES.licences.held)
    }
    db.licences = db.licences.filter((row) => row.id !== licence.id)
    return { status: 200, body: messageFields(MESSAGES.licences.retired) }
  }),

  route(endpoints.adminOverview, ({ user }) => ({ status: 200, body: adminOverview(user) })),

  route(endpoints.listAdminSessions, ({ query }) => ({
    status: 200,
    body: paginate(adminSessions(rangeOf(query), query.cancelled), query, PAGE_SIZE.default),
  })),

  route(endpoints.listRefunds, ({ query }) => ({
    status: 200,
    body: paginate(adminRefunds(rangeOf(query)), query, PAGE_SIZE.default),
  })),
]
