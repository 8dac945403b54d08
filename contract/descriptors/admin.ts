import { describe } from '../descriptor.ts'

/** The admin calls: method, path and access (schemas in ../endpoints/admin.ts). */

export const listUsers = describe({
  method: 'GET',
  path: '/admin/users',
  access: ['admin'],
})

export const approveUser = describe({
  method: 'POST',
  path: '/admin/users/:id/approve',
  access: ['admin'],
})

export const assignVideoLicence = describe({
  method: 'POST',
  path: '/admin/users/:id/video-licence',
  access: ['admin'],
})

export const removeVideoLicence = describe({
  method: 'DELETE',
  path: '/admin/users/:id/video-licence',
  access: ['admin'],
})

export const listVideoLicences = describe({
  method: 'GET',
  path: '/admin/video-licences',
  access: ['admin'],
})

export const addVideoLicence = describe({
  method: 'POST',
  path: '/admin/video-licences',
  access: ['admin'],
})

export const retireVideoLicence = describe({
  method: 'DELETE',
  path: '/admin/video-licences/:id',
  access: ['admin'],
})
