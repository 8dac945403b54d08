import type { Audience } from '@/shared/auth/current-user'

/** Query keys of the reviews feature (an educator's reviews and average score). */
export const reviewKeys = {
  all: ['reviews'] as const,
  educator: (audience: Audience, educatorId: number) =>
    [...reviewKeys.all, 'educator', audience, educatorId] as const,
  averageScore: (audience: Audience, educatorId: number) =>
    [...reviewKeys.all, 'average-score', audience, educatorId] as const,
}

/** An educator id worth asking about: a positive integer (§7: only called when the id is valid). */
export const isValidEducatorId = (id: number | null | undefined): id is number =>
  typeof id === 'number' && Number.isSafeInteger(id) && id > 0
