import type { QueryClient } from '@tanstack/react-query'
import { upcomingSessionsQueryOptions } from '@/features/dashboard/api/get-upcoming-sessions'
import { waitlistQueryOptions } from '@/features/dashboard/api/get-waitlist'
import { categoriesQueryOptions } from '@/features/lessons/api/get-categories'
import { MY_LESSONS_PAGE_PARAM, myLessonsQueryOptions } from '@/features/lessons/api/get-my-lessons'
import { sessionRulesQueryOptions } from '@/features/lessons/api/get-session-rules'
import { currentUserQueryOptions } from '@/shared/auth/current-user'
import { pageFrom } from '@/shared/lib/use-page-param'
import { AdminDashboard, Dashboard, GuestHome } from './home'

/**
 * The first reads of the screens opened most, started by their routes' loaders (router.tsx) as
 * soon as the URL is matched: beside the screen's code rather than once it has loaded and
 * rendered, which on a slow phone is a second or more later. Each read is the screen's own query
 * (the same options), which then finds its data there or on its way; no loader waits for a
 * screen's read (only for who is signed in, which decides the code to load), and none fails here:
 * the screens answer for errors.
 */

/**
 * `/`: once the user is known, a signed-in user's dashboard (routes/dashboard.tsx) or a guest's
 * landing: its first reads are started, and the screen's code is loaded, which the route's loader
 * waits for (the screen then renders at once, cachedLazy). Resolves, never rejects, once that
 * code is there or could not be loaded (the screen then shows why).
 */
export const prefetchHome = async (queryClient: QueryClient, url: URL) => {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => undefined)
  if (user === undefined) return
  if (user?.role === 'student') {
    void queryClient.prefetchQuery(upcomingSessionsQueryOptions())
    void queryClient.prefetchQuery(waitlistQueryOptions())
  } else if (user?.role === 'educator') {
    const page = pageFrom(url.searchParams.get(MY_LESSONS_PAGE_PARAM))
    void queryClient.prefetchQuery(myLessonsQueryOptions(page))
  }
  const screens = [(user ? Dashboard : GuestHome).preload(queryClient)]
  // An admin's dashboard is a chunk of its own below Dashboard: loaded beside it, not after it.
  if (user?.role === 'admin') screens.push(AdminDashboard.preload(queryClient))
  await Promise.all(screens.map((loading) => loading.catch(() => undefined)))
}

/**
 * The lesson form (new or edit): the categories to choose from and the seat rules it states, once
 * the user is known to be an educator (asked once as the app starts, so this waits at most for
 * that answer): a guest on /lesson/:id/edit is shown the lesson's page, and reading the form's
 * data would only be refused.
 */
export const prefetchLessonForm = async (queryClient: QueryClient) => {
  const user = await queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => undefined)
  if (user?.role !== 'educator') return
  void queryClient.prefetchQuery(categoriesQueryOptions())
  void queryClient.prefetchQuery(sessionRulesQueryOptions())
}
