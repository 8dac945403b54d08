import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server built for this run (server/tests/global-setup.ts). */
    builtServer: string
  }
}

/** Node's arguments that start the server as `npm start` does, on this run's build. */
export const serverArguments = (): string[] => ['--enable-source-maps', inject('builtServer')]
