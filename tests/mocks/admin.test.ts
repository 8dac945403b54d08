import { describe, expect, it } from 'vitest'
import type { AdminUser, CurrentUser, Paginated } from '@contract/index'
import { seedIds } from '@/mocks/db'
import { call, idsOf } from './helpers'

const { admin, educator, educatorWithoutLicence, unverifiedEducator, student } = seedIds
type Users = Paginated<AdminUser>

describe('admin mocks', () => {
  it('lists users newest first with role, approval and search filters', async () => {
    expect(
      idsOf(
        (await call<Users>('GET', '/admin/users', { as: admin, query: { role: 'educator' } })).body,
      ),
    ).toEqual([5, 4, 3, 2])
    expect(
      idsOf((await call<Users>('GET', '/admin/users', { query: { isValidated: false } })).body),
    ).toEqual([4])
    expect(
      idsOf((await call<Users>('GET', '/admin/users', { query: { search: 'EMILY' } })).body),
    ).toEqual([3])
    const paged = await call<Users>('GET', '/admin/users', { query: { take: 2, page: 2 } })
    expect(idsOf(paged.body)).toEqual([7, 6])
    expect(paged.body.meta).toEqual({
      page: 2,
      take: 2,
      itemCount: 9,
      pageCount: 5,
      hasNextPage: true,
    })
    expect((await call('GET', '/admin/users', { query: { role: 'teacher' } })).status).toBe(400)
  })

  it('approves an educator (idempotently), who can then create lessons', async () => {
    const approved = await call('POST', `/admin/users/${unverifiedEducator}/approve`, { as: admin })
    expect(approved.body).toMatchObject({ id: unverifiedEducator, isValidated: true })
    expect((await call('POST', `/admin/users/${unverifiedEducator}/approve`)).status).toBe(200)
    expect((await call('POST', `/admin/users/${student}/approve`)).status).toBe(409)
    expect((await call('POST', '/admin/users/999/approve')).status).toBe(404)

    const lesson = await call('POST', '/lessons', {
      as: unverifiedEducator,
      json: { title: 'Shogi', categoryId: 7, price_in_cents: 0, min_slots: 1, max_slots: 2 },
    })
    expect(lesson.status).toBe(201)
  })

  it('assigns, reassigns and removes licences from the pool; 409 when none is free', async () => {
    const first = await call('POST', `/admin/users/${educatorWithoutLicence}/video-licence`, {
      as: admin,
    })
    expect(first.body).toMatchObject({
      isVideoConferenceConnected: true,
      videoLicence: { id: 3, provider: 'zoom' },
    })
    const second = await call<AdminUser>(
      'POST',
      `/admin/users/${unverifiedEducator}/video-licence`,
      {
        json: { licenceId: 4 },
      },
    )
    expect(second.body.videoLicence?.id).toBe(4)
    expect((await call('POST', `/admin/users/${educator}/video-licence`)).body).toMatchObject({
      statusCode: 409,
      message: 'No free video licence is available',
    })
    expect(
      (await call('POST', `/admin/users/${educator}/video-licence`, { json: { licenceId: 3 } }))
        .status,
    ).toBe(409)

    const removed = await call('DELETE', `/admin/users/${educatorWithoutLicence}/video-licence`)
    expect(removed.body).toMatchObject({ isVideoConferenceConnected: false, videoLicence: null })
    expect(
      (await call('DELETE', `/admin/users/${educatorWithoutLicence}/video-licence`)).status,
    ).toBe(409)
    const reassigned = await call<AdminUser>('POST', `/admin/users/${educator}/video-licence`)
    expect(reassigned.body.videoLicence?.id).toBe(3)
  })

  it('lets a verified educator reassign its own licence; the old one returns to the pool', async () => {
    const me = await call<CurrentUser>('POST', '/user/reassign_video_licence', { as: educator })
    expect(me.body.videoLicence?.id).toBe(3)
    const other = await call<AdminUser>(
      'POST',
      `/admin/users/${educatorWithoutLicence}/video-licence`,
      {
        as: admin,
        json: { licenceId: 1 },
      },
    )
    expect(other.body.videoLicence?.id).toBe(1)
    const unverified = await call('POST', '/user/reassign_video_licence', {
      as: unverifiedEducator,
    })
    expect(unverified.body).toMatchObject({
      statusCode: 403,
      message: 'Your account has not been approved yet',
    })
  })
})
