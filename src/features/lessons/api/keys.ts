import type { LessonListQuery } from '@contract/index'

/** Query keys of the lessons feature (catalogue, categories, single lessons, history). */
export const lessonKeys = {
  all: ['lessons'] as const,
  categories: () => [...lessonKeys.all, 'categories'] as const,
  guestCategories: () => [...lessonKeys.all, 'guest-categories'] as const,
  /** Every page of the guest catalogue, whatever its filters. */
  guestLists: () => [...lessonKeys.all, 'guest-list'] as const,
  guestList: (filters: GuestLessonFilters) => [...lessonKeys.guestLists(), filters] as const,
  /** Every page of the signed-in catalogue, whatever its filters. */
  lists: () => [...lessonKeys.all, 'list'] as const,
  list: (filters: GuestLessonFilters) => [...lessonKeys.lists(), filters] as const,
  guestDetail: (id: number) => [...lessonKeys.all, 'guest-detail', id] as const,
  detail: (id: number) => [...lessonKeys.all, 'detail', id] as const,
  /** The calling educator's own lessons, page by page. */
  mine: () => [...lessonKeys.all, 'mine'] as const,
  minePage: (page: number) => [...lessonKeys.mine(), page] as const,
  /** The calling student's attended lessons (GET /lessons/history), page by page. */
  history: () => [...lessonKeys.all, 'history'] as const,
  historyPage: (page: number) => [...lessonKeys.history(), page] as const,
  /** The booking rules in force (the minimum seats' cutoff). */
  sessionRules: () => [...lessonKeys.all, 'session-rules'] as const,
}

export type GuestLessonFilters = Pick<LessonListQuery, 'title' | 'categoryIds'>
