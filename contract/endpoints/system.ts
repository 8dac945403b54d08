import Type from 'typebox'
import { errors } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'

/**
 * GET / — its purpose is not stated by the spec; it reports that the API is up, and answers 503
 * when the database does not (the load balancer's health check).
 */
export const health = defineEndpoint({
  method: 'GET',
  path: '/',
  access: 'public',
  summary: 'API status',
  description:
    "Reports that the API is up, with its name and version; 503 when the database does not answer, for a load balancer's health check.",
  response: {
    200: Type.Object({ status: Type.Literal('ok'), name: Type.String(), version: Type.String() }),
    ...errors(503),
  },
})
