import { health } from '@contract/endpoints/system'
import { route } from '../http'

export const systemHandlers = [
  route(health, () => ({
    status: 200,
    body: { status: 'ok', name: 'manabi-mock', version: '1.0.0' },
  })),
]
