import * as streams from 'node:stream/web'

/**
 * Each web test file runs in a context of its own (the vmForks pool), whose globals are jsdom's
 * window: it lacks the web streams that browsers have and MSW's interceptors use. Node's own
 * implementations stand in for them, before anything else is imported.
 */
const STREAMS = [
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextDecoderStream',
  'TextEncoderStream',
  'CompressionStream',
  'DecompressionStream',
] as const

const scope = globalThis as Record<string, unknown>
for (const name of STREAMS) scope[name] ??= streams[name]
