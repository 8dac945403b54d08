import { afterEach, describe, expect, it } from 'vitest'
import { preloadImage } from '@/shared/lib/preload-image'

const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')]

afterEach(() => {
  preloads().forEach((link) => link.remove())
})

describe('preloading an image a screen is about to show', () => {
  it('asks for it at high priority, once however often it is preloaded', () => {
    preloadImage('/api/lessons/1/image')
    preloadImage('/api/lessons/2/image')
    preloadImage('/api/lessons/1/image')
    expect(preloads().map((link) => link.getAttribute('href'))).toEqual([
      '/api/lessons/1/image',
      '/api/lessons/2/image',
    ])
    expect(preloads().map((link) => link.getAttribute('fetchpriority'))).toEqual(['high', 'high'])
  })
})
