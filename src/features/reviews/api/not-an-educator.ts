import { toApiError } from '@/shared/api/errors'

/**
 * Reviews and a rating are an educator's: for any other id both backends answer 404. Such an id
 * has none to show, which the screens say as they say it for an educator without reviews, rather
 * than as a failure to load (and a 404 is not asked again).
 */
export const noneIfNotAnEducator = async <T>(answer: Promise<T>, none: T): Promise<T> => {
  try {
    return await answer
  } catch (error) {
    if (toApiError(error).status === 404) return none
    throw error
  }
}
