import * as endpoints from '@contract/endpoints/categories'
import { db } from '../db'
import { route } from '../http'

export const categoryHandlers = [
  route(endpoints.listCategories, () => ({
    status: 200,
    body: db.categories.map((category) => ({ ...category })),
  })),
]
