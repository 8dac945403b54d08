import { describe, expect, it } from 'vitest'
import { parseEnv } from '@/shared/config/env'

describe('parseEnv', () => {
  it('reads the API URL, the support address and the mock switch', () => {
    expect(
      parseEnv({
        VITE_API_URL: ' https://api.example/api ',
        VITE_SUPPORT_EMAIL: 'help@example.org',
        VITE_ENABLE_MOCKS: 'true',
      }),
    ).toEqual({
      API_URL: 'https://api.example/api',
      SUPPORT_EMAIL: 'help@example.org',
      ENABLE_MOCKS: true,
    })
  })

  it('defaults the support address and leaves the mocks off', () => {
    expect(parseEnv({ VITE_API_URL: '/api', VITE_SUPPORT_EMAIL: '' })).toEqual({
      API_URL: '/api',
      SUPPORT_EMAIL: 'support@manabi.example',
      ENABLE_MOCKS: false,
    })
  })

  it('names every variable that is wrong', () => {
    expect(() => parseEnv({ VITE_API_URL: '  ', VITE_SUPPORT_EMAIL: 'not an address' })).toThrow(
      'Invalid environment configuration: VITE_API_URL is required (see .env.example), VITE_SUPPORT_EMAIL must be a valid email',
    )
  })
})
