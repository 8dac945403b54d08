import { describe } from '../descriptor.ts'

/** The lessons calls: method, path and access (schemas in ../endpoints/lessons.ts). */

export const listLessons = describe({
  method: 'GET',
  path: '/lessons',
  access: 'user',
})

export const myLessons = describe({
  method: 'GET',
  path: '/lessons/my',
  access: ['educator'],
})

export const lessonHistory = describe({
  method: 'GET',
  path: '/lessons/history',
  access: 'user',
})

export const upcomingLessons = describe({
  method: 'GET',
  path: '/lessons/upcoming',
  access: 'user',
})

export const getLesson = describe({
  method: 'GET',
  path: '/lessons/:id',
  access: 'user',
})

export const lessonImage = describe({
  method: 'GET',
  path: '/lessons/:id/image',
  access: 'public',
})

export const createLesson = describe({
  method: 'POST',
  path: '/lessons',
  access: ['educator'],
  approvedOnly: true,
})

export const updateLesson = describe({
  method: 'PUT',
  path: '/lessons/:id',
  access: ['educator'],
  approvedOnly: true,
})

export const uploadLessonImage = describe({
  method: 'POST',
  path: '/lessons/upload-image',
  access: ['educator'],
  approvedOnly: true,
})
