import Type from 'typebox'
import { defineEndpoint } from '../endpoint.ts'

/** GET / — its purpose is not stated by the spec; it reports that the API is up. */
export const health = defineEndpoint({
  method: 'GET',
  path: '/',
  summary: 'API status',
  access: 'public',
  response: {
    200: Type.Object({ status: Type.Literal('ok'), name: Type.String(), version: Type.String() }),
  },
})
