import { type AddressInfo, createServer } from 'node:net'

/** A TCP port free on the loopback interface this instant: the system picks it for port 0. */
export const freePort = async (): Promise<number> => {
  const probe = createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', resolve)
  })
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}
