import { describe, expect, it } from 'vitest'
import * as admin from '@contract/descriptors/admin'
import * as lessons from '@contract/descriptors/lessons'
import * as user from '@contract/descriptors/user'
import { db, seedIds } from '@/mocks/db'
import { call, idsOf, unchecked, uploadedCover } from './helpers'

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

  it('approves an educator once, who can then create lessons', async () => {
    const approved = await call(admin.approveUser, {
      params: { id: unverifiedEducator },
      as: adminId,
    })
    expect(approved.body).toMatchObject({ id: unverifiedEducator, isValidated: true })
    const again = await call(admin.approveUser, { params: { id: unverifiedEducator } })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ message: 'This educator is already approved' })
    expect((await call(admin.approveUser, { params: { id: student } })).status).toBe(409)
    expect((await call(admin.approveUser, { params: { id: 999 } })).status).toBe(404)

    const lesson = await call(lessons.createLesson, {
      as: unverifiedEducator,
      json: {
        title: 'Shogi',
        categoryId: 7,
        price_in_cents: 0,
        min_slots: 1,
        max_slots: 2,
        imageId: await uploadedCover(unverifiedEducator),
      },
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
    // Told of the new account, as when an admin lends one.
    expect(db.outbox.map(({ to, subject }) => [to, subject])).toEqual([
      [me.body.email, 'Licence assigned'],
    ])
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

  it('filters the list by educator state', async () => {
    const ids = async (state: 'awaiting_approval' | 'approved' | 'no_licence') =>
      idsOf((await call(admin.listUsers, { as: adminId, query: { state } })).body)
    expect(await ids('awaiting_approval')).toEqual([unverifiedEducator])
    expect(await ids('approved')).toEqual(
      expect.arrayContaining([educator, educatorWithoutLicence]),
    )
    expect(await ids('approved')).not.toContain(unverifiedEducator)
    expect(await ids('no_licence')).toEqual(
      expect.arrayContaining([educatorWithoutLicence, unverifiedEducator]),
    )
    expect(await ids('no_licence')).not.toContain(educator)
    expect((await call(admin.listUsers, { query: unchecked({ state: 'sleeping' }) })).status).toBe(
      400,
    )
  })

  it("counts the educator's upcoming sessions", async () => {
    const page = await call(admin.listUsers, { as: adminId, query: { role: 'educator' } })
    const kenji = page.body.data.find((row) => row.id === educator)
    const now = Date.now()
    const lessonIds = new Set(
      db.lessons.filter((lesson) => lesson.ownerId === educator).map((lesson) => lesson.id),
    )
    const expected = db.sessions.filter(
      (session) => lessonIds.has(session.lessonId) && Date.parse(session.end_time) > now,
    ).length
    expect(expected).toBeGreaterThan(0)
    expect(kenji?.upcomingSessionCount).toBe(expected)
    const studentRow = await call(admin.listUsers, { query: { role: 'student' } })
    expect(studentRow.body.data.every((row) => row.upcomingSessionCount === 0)).toBe(true)
  })

  it('lists, adds and retires licences of the pool', async () => {
    const pool = await call(admin.listVideoLicences, { as: adminId })
    expect(pool.status).toBe(200)
    expect(pool.body.map((licence) => licence.id)).toEqual(db.licences.map((row) => row.id))
    expect(pool.body.find((licence) => licence.id === seedIds.licences.educator)?.holder).toEqual(
      expect.objectContaining({ id: educator }),
    )
    const [free] = seedIds.licences.free
    expect(pool.body.find((licence) => licence.id === free)?.holder).toBeNull()

    const added = await call(admin.addVideoLicence, {
      json: { provider: 'google_meet', accountEmail: 'Meet-New@Pool.example' },
    })
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({
      provider: 'google_meet',
      accountEmail: 'meet-new@pool.example',
      holder: null,
    })
    const again = await call(admin.addVideoLicence, {
      json: { provider: 'zoom', accountEmail: 'meet-new@POOL.example' },
    })
    expect(again.body).toMatchObject({
      statusCode: 409,
      message: 'A video licence with this account e-mail already exists',
    })
    expect(
      (
        await call(admin.addVideoLicence, {
          json: unchecked({ provider: 'skype', accountEmail: 'not-an-email' }),
        })
      ).status,
    ).toBe(400)

    const held = await call(admin.retireVideoLicence, {
      params: { id: seedIds.licences.educator },
    })
    expect(held.body).toMatchObject({
      statusCode: 409,
      message: 'This video licence is held by an educator; remove it from the educator first',
    })
    const retired = await call(admin.retireVideoLicence, { params: { id: free } })
    expect(retired.body).toEqual({ message: 'Video licence retired' })
    expect(db.licences.some((licence) => licence.id === free)).toBe(false)
    expect((await call(admin.retireVideoLicence, { params: { id: free } })).status).toBe(404)
  })

  it('refuses the licence pool to anyone but an admin', async () => {
    expect((await call(admin.listVideoLicences, { as: null })).status).toBe(401)
    for (const as of [student, educator, unverifiedEducator]) {
      expect((await call(admin.listVideoLicences, { as })).status).toBe(403)
      expect(
        (
          await call(admin.addVideoLicence, {
            as,
            json: { provider: 'zoom', accountEmail: 'x@pool.example' },
          })
        ).status,
      ).toBe(403)
      expect(
        (await call(admin.retireVideoLicence, { as, params: { id: seedIds.licences.free[0] } }))
          .status,
      ).toBe(403)
    }
  })

  it('records the e-mails an educator gets on approval and licence changes', async () => {
    await call(admin.approveUser, { as: adminId, params: { id: unverifiedEducator } })
    await call(admin.approveUser, { params: { id: unverifiedEducator } })
    await call(admin.assignVideoLicence, { params: { id: educatorWithoutLicence } })
    await call(admin.removeVideoLicence, { params: { id: educatorWithoutLicence } })
    const mailTo = (id: number) => db.users.find((row) => row.id === id)?.email
    expect(db.outbox.map(({ to, subject }) => [to, subject])).toEqual([
      [mailTo(unverifiedEducator), 'Account approved'],
      [mailTo(educatorWithoutLicence), 'Licence assigned'],
      [mailTo(educatorWithoutLicence), 'Licence removed'],
    ])
  })
})
