import type { QueryClient } from '@tanstack/react-query'
import { currentUserQueryOptions } from '@/shared/auth/current-user'
import { apiAssetUrl } from '@/shared/config/env'
import { preloadImage } from '@/shared/lib/preload-image'
import { guestLessonQueryOptions } from './get-guest-lesson'
import { lessonQueryOptions } from './get-lesson'

/**
 * Starts reading the lesson a /lesson/:id page shows as soon as the route matches, beside the
 * page's code rather than after it: the signed-in user's lesson, or the guest's, as the page will
 * ask for it once it knows who is reading; then its cover, the page's largest paint. Never waits
 * and never fails: the page's own queries answer for errors.
 */
export const prefetchLesson = (queryClient: QueryClient, id: number) => {
  queryClient
    .fetchQuery(currentUserQueryOptions())
    .then((user) =>
      user
        ? queryClient.fetchQuery(lessonQueryOptions(id))
        : queryClient.fetchQuery(guestLessonQueryOptions(id)),
    )
    .then((lesson) => {
      if (lesson.imageUrl) preloadImage(apiAssetUrl(lesson.imageUrl))
    })
    .catch(() => undefined)
}
