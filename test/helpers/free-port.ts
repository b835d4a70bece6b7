// A TCP port free on 127.0.0.1 now, for a server a test must know the address of before it starts.
import { createServer, type AddressInfo } from 'node:net'

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => resolve(port))
    })
  })
