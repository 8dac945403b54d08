/**
 * Stores `value` under `key` as the newest entry of `entries`, and drops the oldest once there are
 * more than `max`. A Map iterates in insertion order: its first key is the one stored (or stored
 * again) longest ago.
 */
export const keepNewest = <K, V>(entries: Map<K, V>, key: K, value: V, max: number) => {
  entries.delete(key)
  entries.set(key, value)
  if (entries.size > max) {
    const oldest = entries.keys().next()
    if (!oldest.done) entries.delete(oldest.value)
  }
}
