import Type from 'typebox'
import { errors } from '../common.ts'
import { defineEndpoint } from '../endpoint.ts'
import { Category } from '../entities.ts'

export const listCategories = defineEndpoint({
  method: 'GET',
  path: '/categories',
  access: 'user',
  summary: 'Lesson categories with their Japanese titles',
  description:
    'Lists every lesson category with its English and Japanese titles, for the lesson form and the catalogue filter.',
  response: { 200: Type.Array(Category), ...errors(401) },
})
