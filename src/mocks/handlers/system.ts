import * as endpoints from '@contract/endpoints/system'
import { route } from '../http'

export const systemHandlers = [
  route(endpoints.health, () => ({
    status: 200,
    body: { status: 'ok', name: 'manabi-mock', version: '1.0.0' },
  })),
]
