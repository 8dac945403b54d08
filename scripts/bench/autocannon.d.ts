// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    /** Requests each connection sends in turn, round and round (paths on `url`'s origin). */
    requests?: { method?: string; path: string; headers?: Record<string, string> }[]
  }
  interface Histogram {
    average: number
    p50: number
    p99: number
    max: number
  }
  interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }
  const autocannon: (options: Options) => Promise<Result>
  export default autocannon
}
