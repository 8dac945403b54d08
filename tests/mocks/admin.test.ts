import { describe, expect, it } from 'vitest'
import * as admin from '@contract/descriptors/admin'
import * as lessons from '@contract/descriptors/lessons'
import * as user from '@contract/descriptors/user'
import { seedIds } from '@/mocks/db'
import { call, idsOf, unchecked } from './helpers'

const { admin: adminId, educator, educatorWithoutLicence, unverifiedEducator, student } = seedIds

describe('admin mocks', () => {
  it('lists users newest first with role, approval and search filters', async () => {
    expect(
      idsOf((await call(admin.listUsers, { as: adminId, query: { role: 'educator' } })).body),
    ).toEqual([5, 4, 3, 2])
    expect(idsOf((await call(admin.listUsers, { query: { isValidated: false } })).body)).toEqual([
      4,
    ])
    expect(idsOf((await call(admin.listUsers, { query: { search: 'EMILY' } })).body)).toEqual([3])
    const paged = await call(admin.listUsers, { query: { take: 2, page: 2 } })
    expect(idsOf(paged.body)).toEqual([7, 6])
    expect(paged.body.meta).toEqual({
      page: 2,
      take: 2,
      itemCount: 9,
      pageCount: 5,
      hasNextPage: true,
    })
    expect((await call(admin.listUsers, { query: unchecked({ role: 'teacher' }) })).status).toBe(
      400,
    )
  })

  it('approves an educator (idempotently), who can then create lessons', async () => {
    const approved = await call(admin.approveUser, {
      params: { id: unverifiedEducator },
      as: adminId,
    })
    expect(approved.body).toMatchObject({ id: unverifiedEducator, isValidated: true })
    expect((await call(admin.approveUser, { params: { id: unverifiedEducator } })).status).toBe(200)
    expect((await call(admin.approveUser, { params: { id: student } })).status).toBe(409)
    expect((await call(admin.approveUser, { params: { id: 999 } })).status).toBe(404)

    const lesson = await call(lessons.createLesson, {
      as: unverifiedEducator,
      json: { title: 'Shogi', categoryId: 7, price_in_cents: 0, min_slots: 1, max_slots: 2 },
    })
    expect(lesson.status).toBe(201)
  })

  it('assigns, reassigns and removes licences from the pool; 409 when none is free', async () => {
    const first = await call(admin.assignVideoLicence, {
      params: { id: educatorWithoutLicence },
      as: adminId,
    })
    expect(first.body).toMatchObject({
      isVideoConferenceConnected: true,
      videoLicence: { id: 3, provider: 'zoom' },
    })
    const second = await call(admin.assignVideoLicence, {
      params: { id: unverifiedEducator },
      json: { licenceId: 4 },
    })
    expect(second.body.videoLicence?.id).toBe(4)
    expect((await call(admin.assignVideoLicence, { params: { id: educator } })).body).toMatchObject(
      {
        statusCode: 409,
        message: 'No free video licence is available',
      },
    )
    expect(
      (await call(admin.assignVideoLicence, { params: { id: educator }, json: { licenceId: 3 } }))
        .status,
    ).toBe(409)

    const removed = await call(admin.removeVideoLicence, { params: { id: educatorWithoutLicence } })
    expect(removed.body).toMatchObject({ isVideoConferenceConnected: false, videoLicence: null })
    expect(
      (await call(admin.removeVideoLicence, { params: { id: educatorWithoutLicence } })).status,
    ).toBe(409)
    const reassigned = await call(admin.assignVideoLicence, { params: { id: educator } })
    expect(reassigned.body.videoLicence?.id).toBe(3)
  })

  it('lets a verified educator reassign its own licence; the old one returns to the pool', async () => {
    const me = await call(user.reassignOwnVideoLicence, { as: educator })
    expect(me.body.videoLicence?.id).toBe(3)
    const other = await call(admin.assignVideoLicence, {
      params: { id: educatorWithoutLicence },
      as: adminId,
      json: { licenceId: 1 },
    })
    expect(other.body.videoLicence?.id).toBe(1)
    const unverified = await call(user.reassignOwnVideoLicence, {
      as: unverifiedEducator,
    })
    expect(unverified.body).toMatchObject({
      statusCode: 403,
      message: 'Your account has not been approved yet',
    })
  })
})
