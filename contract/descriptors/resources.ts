import { describe } from '../descriptor.ts'

/** The resources calls: method, path and access (schemas in ../endpoints/resources.ts). */

export const listResources = describe({
  method: 'GET',
  path: '/lessons/:id/resources',
  access: 'user',
})

export const createResource = describe({
  method: 'POST',
  path: '/lessons/:id/resources',
  access: ['educator'],
  approvedOnly: true,
})

export const getResource = describe({
  method: 'GET',
  path: '/lessons/:id/resources/:resourceId',
  access: 'user',
})

export const updateResource = describe({
  method: 'PUT',
  path: '/lessons/:id/resources/:resourceId',
  access: ['educator'],
  approvedOnly: true,
})

export const renameResource = describe({
  method: 'PATCH',
  path: '/lessons/:id/resources/:resourceId',
  access: ['educator'],
  approvedOnly: true,
})

export const deleteResource = describe({
  method: 'DELETE',
  path: '/lessons/:id/resources/:resourceId',
  access: ['educator'],
  approvedOnly: true,
})

export const uploadResourceFile = describe({
  method: 'POST',
  path: '/lessons/:id/resources/upload',
  access: ['educator'],
  approvedOnly: true,
})

export const downloadFile = describe({
  method: 'GET',
  path: '/files/:fileId',
  access: 'user',
})
