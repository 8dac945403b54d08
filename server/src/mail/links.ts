/**
 * The SPA screens that e-mails and calendar files link to, besides the account links of
 * services/accounts.ts: the lesson's page (the SPA's paths.lesson.detail), where its sessions'
 * join links show.
 */
export const lessonPageUrl = (appOrigin: string, lessonId: number) =>
  `${appOrigin}/lesson/${encodeURIComponent(lessonId)}`
