import { describe, expect, it } from 'vitest'
import config from '../../tailwind.config'

describe('the Tailwind theme', () => {
  it("carries the specification's breakpoints (§2)", () => {
    expect(config.theme.screens).toEqual({
      xs: '320px',
      sm: '640px',
      md: '768px',
      lg: '1024px',
      xl: '1280px',
      xxl: '1440px',
      xxxl: '1920px',
    })
  })
})
