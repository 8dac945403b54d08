import {
  approveUser,
  assignVideoLicence,
  listUsers,
  removeVideoLicence,
} from '@contract/endpoints/admin'
import { MESSAGES } from '@contract/messages'
import { PAGE_SIZE } from '@contract/rules'
import { db } from '../db'
import { fail, paginate, route } from '../http'
import { assignLicence, userById } from '../queries'
import { toAdminUser } from '../serializers'

const educatorById = (id: number) => {
  const user = userById(id)
  if (user.role !== 'educator') fail(409, MESSAGES.licences.notAnEducator)
  return user
}

export const adminHandlers = [
  route(listUsers, ({ query }) => {
    const search = query.search?.trim().toLowerCase()
    const users = db.users
      .filter((user) => !query.role || user.role === query.role)
      .filter((user) => query.isValidated === undefined || user.isValidated === query.isValidated)
      .filter(
        (user) =>
          !search ||
          user.name.toLowerCase().includes(search) ||
          user.email.toLowerCase().includes(search),
      )
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)
    return { status: 200, body: paginate(users.map(toAdminUser), query, PAGE_SIZE.default) }
  }),

  route(approveUser, ({ params }) => {
    const educator = educatorById(params.id)
    // Approving twice is harmless: the educator simply stays approved.
    educator.isValidated = true
    return { status: 200, body: toAdminUser(educator) }
  }),

  route(assignVideoLicence, ({ params, body }) => {
    const educator = educatorById(params.id)
    assignLicence(educator, body?.licenceId)
    return { status: 200, body: toAdminUser(educator) }
  }),

  route(removeVideoLicence, ({ params }) => {
    const educator = educatorById(params.id)
    if (educator.videoLicenceId === null) fail(409, MESSAGES.licences.noneHeld)
    educator.videoLicenceId = null
    return { status: 200, body: toAdminUser(educator) }
  }),
]
