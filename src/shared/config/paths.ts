import { ID_MAX } from '@contract/landing-rules'

/**
 * Every client route: its pattern for the router and an href builder for links, so no screen
 * writes a URL by hand. Auth screens live under /auth/* (§2), the welcome page at /login.
 */
const route = <P extends string>(pattern: P) => ({ pattern, href: () => pattern as string })

/** A list's query: parameters left out when null or undefined. */
type ListQuery = Record<string, string | number | boolean | null | undefined>

/** A list screen whose filters live in its query string, so a link can open it filtered. */
const listRoute = <P extends string>(pattern: P) => ({
  pattern,
  href: (query: ListQuery = {}) => {
    const params = new URLSearchParams()
    for (const [name, value] of Object.entries(query)) {
      if (value !== null && value !== undefined) params.set(name, String(value))
    }
    const search = params.toString()
    return search ? `${pattern}?${search}` : (pattern as string)
  },
})

export const paths = {
  home: route('/'),
  welcome: route('/login'),
  auth: {
    root: route('/auth'),
    login: route('/auth/login'),
    loginStudent: route('/auth/login/student'),
    loginTeacher: route('/auth/login/teacher'),
    register: route('/auth/register'),
    confirm: route('/auth/confirm'),
    // §2 confirmation/*: anything below it is the same screen, which reads ?token=.
    confirmation: { pattern: '/auth/confirmation/*', href: () => '/auth/confirmation' },
    forgotPassword: route('/auth/forgot-password'),
    resetPassword: route('/auth/reset-password'),
    resetConfirm: {
      pattern: '/auth/reset-confirm/:type',
      href: (type: 'email' | 'password') => `/auth/reset-confirm/${type}`,
    },
    resetError: {
      pattern: '/auth/reset-error/:type',
      href: (type: 'email' | 'password') => `/auth/reset-error/${type}`,
    },
  },
  lesson: {
    /** /lesson alone names no lesson: a not-found page. */
    root: route('/lesson'),
    create: route('/lesson/new'),
    edit: {
      pattern: '/lesson/:id/edit',
      href: (id: number | string) => `/lesson/${encodeURIComponent(id)}/edit`,
    },
    detail: {
      pattern: '/lesson/:id/*',
      href: (id: number | string) => `/lesson/${encodeURIComponent(id)}`,
    },
  },
  settings: route('/settings'),
  history: route('/history'),
  upcomingLessons: route('/upcoming-lessons'),
  earnings: route('/earnings'),
  admin: {
    /** The users list; the admin's dashboard at / shows the overview above it. */
    users: listRoute('/admin/users'),
    licences: route('/admin/video-licences'),
    /** Every educator's sessions in a range (from, to, cancelled), behind the overview's figures. */
    sessions: listRoute('/admin/sessions'),
    /** The refunds due in a range (from, to), behind the overview's figures. */
    refunds: listRoute('/admin/refunds'),
  },
  payment: {
    result: {
      pattern: '/payments/:paymentId',
      href: (paymentId: number | string) => `/payments/${encodeURIComponent(paymentId)}`,
    },
  },
  terms: route('/terms'),
  unauthorized: route('/unauthorized'),
  accessDenied: route('/access-denied'),
} as const

/**
 * The numeric id a route parameter names, or null when absent, not a positive integer, or past
 * what an id column holds (no record has it: the page says the id is not valid, asking nothing).
 */
export const parseId = (value: string | undefined): number | null => {
  if (!value || !/^\d+$/.test(value)) return null
  const id = Number(value)
  return id > 0 && id <= ID_MAX ? id : null
}
