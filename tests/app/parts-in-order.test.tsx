import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Descriptor } from '@contract/descriptor'
import * as admin from '@contract/descriptors/admin'
import * as lessons from '@contract/descriptors/lessons'
import * as payments from '@contract/descriptors/payments'
import * as user from '@contract/descriptors/user'
import { paths } from '@/shared/config/paths'
import { holdCalls } from '@tests/hold-calls'
import { renderApp, type TestUser } from '@tests/render-app'
import { isPathOf, recordRequestedPaths } from '@tests/request-log'

/**
 * A screen's part below another that is still loading stays off the page until that part is in
 * place, so it never shows first and then jumps down (e2e/layout-shift.test.ts measures the jump
 * in Chromium). Its own read goes out meanwhile: the wait costs it no time.
 */

const requested = recordRequestedPaths()

interface Case {
  screen: string
  user: TestUser
  url: string
  /** The read of the part above, held back. */
  above: Descriptor
  /** The heading of the part below. */
  below: string
  /** The read of the part below, which goes out while the part above is held. */
  belowRead: Descriptor
}

const CASES: Case[] = [
  {
    screen: "the admin's dashboard",
    user: 'admin',
    url: paths.home.href(),
    above: admin.adminOverview,
    below: 'Users',
    belowRead: admin.listUsers,
  },
  {
    screen: "the educator's dashboard",
    user: 'educator',
    url: paths.home.href(),
    above: lessons.myLessons,
    below: 'Latest reviews of my lessons',
    belowRead: user.userReviews,
  },
  {
    screen: "the educator's earnings",
    user: 'educator',
    url: paths.earnings.href(),
    above: user.myEarningsSummary,
    below: 'Payments and refunds',
    belowRead: user.myEarnings,
  },
  {
    screen: "the student's history",
    user: 'student',
    url: paths.history.href(),
    above: lessons.lessonHistory,
    below: 'Payments',
    belowRead: payments.listMyPayments,
  },
  {
    screen: "the student's dashboard (their sessions)",
    user: 'student',
    url: paths.home.href(),
    above: lessons.upcomingLessons,
    below: 'All lessons',
    belowRead: lessons.listLessons,
  },
  {
    screen: "the student's dashboard (their waitlists)",
    user: 'student',
    url: paths.home.href(),
    above: lessons.waitlistLessons,
    below: 'All lessons',
    belowRead: lessons.listLessons,
  },
]

describe('parts of a screen that load one after another', () => {
  for (const { screen: name, user: who, url, above, below, belowRead } of CASES) {
    it(`${name} shows the part below once the part above is in place`, async () => {
      const held = holdCalls(above)
      await renderApp(undefined, { user: who, url, waitForLoad: false })
      await waitFor(() => expect(requested.some((path) => isPathOf(belowRead, path))).toBe(true))
      expect(await screen.findByRole('heading', { name: below, hidden: true })).not.toBeVisible()
      await held.release()
      expect(await screen.findByRole('heading', { name: below })).toBeVisible()
    })
  }

  it("keeps the student's sessions back while their waitlists load: those go above them", async () => {
    const held = holdCalls(lessons.waitlistLessons)
    await renderApp(undefined, { user: 'student', url: paths.home.href(), waitForLoad: false })
    await waitFor(() =>
      expect(requested.some((path) => isPathOf(lessons.upcomingLessons, path))).toBe(true),
    )
    expect(screen.getByRole('status')).toHaveTextContent('Loading…')
    expect(screen.queryByRole('heading', { name: /^Upcoming lessons/ })).toBeNull()
    await held.release()
    expect(await screen.findByRole('heading', { name: /^Upcoming lessons/ })).toBeVisible()
  })
})
