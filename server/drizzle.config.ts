import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: the service applies the SQL itself
// (src/db/migrate.ts), so no connection settings belong here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
