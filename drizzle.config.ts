import { defineConfig } from 'drizzle-kit'

// Only `drizzle-kit generate` uses this; migrations run from server/src/db/migrate.ts on both
// PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
})
