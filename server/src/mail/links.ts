import { REVIEW_LINK_PARAM } from '../../../contract/rules.ts'

/**
 * The SPA screens that e-mails and calendar files link to, besides the account links of
 * services/accounts.ts: the lesson's page (the SPA's paths.lesson.detail), where its sessions'
 * join links show, and the history with a lesson's review dialog open (paths.history with
 * REVIEW_LINK_PARAM).
 */
export const lessonPageUrl = (appOrigin: string, lessonId: number) =>
  `${appOrigin}/lesson/${encodeURIComponent(lessonId)}`

export const reviewPageUrl = (appOrigin: string, lessonId: number) =>
  `${appOrigin}/history?${REVIEW_LINK_PARAM}=${encodeURIComponent(lessonId)}`

/** The educator's earnings screen (the SPA's paths.earnings). */
export const earningsPageUrl = (appOrigin: string) => `${appOrigin}/earnings`
