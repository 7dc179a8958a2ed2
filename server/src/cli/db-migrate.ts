import { migrateDatabase } from '../db/migrate.ts';
import { seedReferenceData } from '../db/reference-data.ts';
import { runDatabaseCommand } from './db-cli.ts';

await runDatabaseCommand('db:migrate', async (handle) => {
  const { applied } = await migrateDatabase(handle, (message) => console.info(message));
  await seedReferenceData(handle.db);
  console.info(
    applied.length === 0
      ? 'db:migrate: the schema was already up to date'
      : `db:migrate: applied ${applied.length} migration(s): ${applied.join(', ')}`,
  );
  console.info('db:migrate: facilities (reference data) are up to date');
});
