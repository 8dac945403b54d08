import { describe } from '../descriptor.ts'

/** The system calls: method, path and access (schemas in ../endpoints/system.ts). */

export const health = describe({
  method: 'GET',
  path: '/',
  access: 'public',
})
