import { defineConfig } from 'drizzle-kit';

// Only used by `npm run db:generate`; migrations are applied by the server at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
