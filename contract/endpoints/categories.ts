import Type from 'typebox'
import { errors } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { Category } from '../entities.ts'

export const listCategories = defineEndpoint({
  method: 'GET',
  path: '/categories',
  summary: 'Lesson categories with their Japanese titles',
  access: 'user',
  response: { 200: Type.Array(Category), ...errors(401) },
})
