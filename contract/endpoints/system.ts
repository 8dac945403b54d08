import Type from 'typebox'
import * as op from '../descriptors/system.ts'
import { defineEndpoint } from '../endpoint.ts'

/** GET / — its purpose is not stated by the spec; it reports that the API is up. */
export const health = defineEndpoint(op.health, {
  summary: 'API status',
  response: {
    200: Type.Object({ status: Type.Literal('ok'), name: Type.String(), version: Type.String() }),
  },
})
