import { describe, expect, it } from 'vitest'
import * as admin from '@contract/descriptors/admin'
import * as user from '@contract/descriptors/user'
import { MESSAGES } from '@contract/messages'
import { db, seedIds } from '@/mocks/db'
import { call } from './helpers'

/** Issue 28.5, as the server: reassigning exchanges a licence held; only an admin lends one. */
const { admin: adminId, educator, educatorWithoutLicence } = seedIds

/** Which user holds each licence, as the mock's pool has it. */
const holders = () => {
  const held: Record<number, number> = {}
  for (const row of db.users) if (row.videoLicenceId !== null) held[row.videoLicenceId] = row.id
  return held
}

const refusal = { statusCode: 409, error: 'Conflict', message: MESSAGES.licences.noneToReassign }

describe('the mock reassign of an educator’s own licence', () => {
  it('is refused after an admin took the licence back, and takes nothing from the pool', async () => {
    const withdrawn = await call(admin.removeVideoLicence, {
      as: adminId,
      params: { id: educator },
    })
    expect(withdrawn.status).toBe(200)
    const pool = holders()
    const mails = db.outbox.length

    const answer = await call(user.reassignOwnVideoLicence, { as: educator })

    expect(answer.status).toBe(409)
    expect(answer.body).toEqual(refusal)
    expect(holders()).toEqual(pool)
    expect(db.outbox).toHaveLength(mails)
  })

  it('is refused to an educator never lent one', async () => {
    const pool = holders()
    const answer = await call(user.reassignOwnVideoLicence, { as: educatorWithoutLicence })
    expect(answer.status).toBe(409)
    expect(answer.body).toEqual(refusal)
    expect(holders()).toEqual(pool)
  })

  it('still exchanges a licence held: the old one returns to the pool', async () => {
    const answer = await call(user.reassignOwnVideoLicence, { as: educator })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ videoLicence: { id: seedIds.licences.free[0] } })
    expect(holders()[seedIds.licences.educator]).toBeUndefined()
  })
})
