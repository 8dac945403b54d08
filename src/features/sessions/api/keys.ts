import type { Audience } from '@/shared/auth/current-user'

/** Query keys of the sessions feature (a lesson's sessions, one session's meeting link). */
export const sessionKeys = {
  all: ['sessions'] as const,
  lists: () => [...sessionKeys.all, 'list'] as const,
  list: (lessonId: number, audience: Audience) =>
    [...sessionKeys.lists(), audience, lessonId] as const,
  /** One lesson's lists, as every audience sees it (what a session write changes). */
  lessonLists: (lessonId: number) =>
    (['user', 'guest'] as const).map((audience) => sessionKeys.list(lessonId, audience)),
  joinLink: (lessonId: number, sessionId: number) =>
    [...sessionKeys.all, 'join-link', lessonId, sessionId] as const,
}
