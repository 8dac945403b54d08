import { describe } from '../descriptor.ts'

/** The categories calls: method, path and access (schemas in ../endpoints/categories.ts). */

export const listCategories = describe({
  method: 'GET',
  path: '/categories',
  access: 'user',
})
