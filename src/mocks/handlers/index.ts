import type { HttpHandler } from 'msw'
import { adminHandlers } from './admin'
import { authHandlers } from './auth'
import { categoryHandlers } from './categories'
import { guestHandlers } from './guest'
import { lessonHandlers } from './lessons'
import { paymentHandlers } from './payments'
import { resourceHandlers } from './resources'
import { reviewHandlers } from './reviews'
import { sessionHandlers } from './sessions'
import { systemHandlers } from './system'
import { translationHandlers } from './translations'
import { userHandlers } from './user'

export const handlers: HttpHandler[] = [
  ...systemHandlers,
  ...authHandlers,
  ...userHandlers,
  ...lessonHandlers,
  ...sessionHandlers,
  ...resourceHandlers,
  ...reviewHandlers,
  ...paymentHandlers,
  ...categoryHandlers,
  ...adminHandlers,
  ...guestHandlers,
  ...translationHandlers,
]
