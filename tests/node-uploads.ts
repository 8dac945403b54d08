import { File as NodeFile } from 'node:buffer'
import { afterEach, beforeEach, vi } from 'vitest'

/**
 * jsdom's FormData and File cannot be sent by the Node fetch that MSW hands requests to (the file
 * arrives named "blob" with the text "undefined"). For the files of a test to arrive as a browser
 * sends them, the screen's `new FormData()` and `new File()` are Node's for each test of the file
 * that calls this.
 */
export const sendUploadsThroughNode = () => {
  beforeEach(async () => {
    const nodeForm = await new Request('http://localhost/', {
      method: 'POST',
      body: new URLSearchParams(),
    }).formData()
    vi.stubGlobal('FormData', nodeForm.constructor)
    vi.stubGlobal('File', NodeFile)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
}
