import { describe } from '../descriptor.ts'

/** The payments calls: method, path and access (schemas in ../endpoints/payments.ts). */

export const getPaymentConfig = describe({
  method: 'GET',
  path: '/payments/config',
  access: 'public',
})

export const listMyPayments = describe({
  method: 'GET',
  path: '/payments',
  access: ['student'],
})

export const createOrder = describe({
  method: 'POST',
  path: '/payments/orders',
  access: ['student'],
})

export const capturePayment = describe({
  method: 'POST',
  path: '/payments/:id/capture',
  access: ['student'],
})

export const cancelPayment = describe({
  method: 'POST',
  path: '/payments/:id/cancel',
  access: ['student'],
})

export const getPayment = describe({
  method: 'GET',
  path: '/payments/:id',
  access: 'user',
})

export const paymentWebhook = describe({
  method: 'POST',
  path: '/payments/webhook/paypal',
  access: 'public',
})
