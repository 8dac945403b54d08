import { describe } from '../descriptor.ts'

/** The sessions calls: method, path and access (schemas in ../endpoints/sessions.ts). */

export const listSessions = describe({
  method: 'GET',
  path: '/lessons/:id/sessions',
  access: 'user',
})

export const createSession = describe({
  method: 'POST',
  path: '/lessons/:id/sessions',
  access: ['educator'],
  approvedOnly: true,
})

export const updateSession = describe({
  method: 'PUT',
  path: '/lessons/:id/sessions/:sessionId',
  access: ['educator'],
  approvedOnly: true,
})

export const deleteSession = describe({
  method: 'DELETE',
  path: '/lessons/:id/sessions/:sessionId',
  access: ['educator'],
  approvedOnly: true,
})

export const enroll = describe({
  method: 'POST',
  path: '/lessons/:id/sessions/:sessionId/enroll',
  access: ['student'],
})

export const unenroll = describe({
  method: 'DELETE',
  path: '/lessons/:id/sessions/:sessionId/unenroll',
  access: ['student'],
})

export const sessionIcs = describe({
  method: 'GET',
  path: '/lessons/:id/sessions/:sessionId/ics',
  access: 'user',
})

export const joinSession = describe({
  method: 'GET',
  path: '/lessons/:id/sessions/:sessionId/join',
  access: 'user',
})
