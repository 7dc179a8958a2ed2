import { migrateDatabase } from '../../db/migrate.ts';
import { seedReferenceData } from '../../db/reference-data.ts';
import type { Command } from '../command.ts';
import { runOnDatabase } from '../db-cli.ts';

export const dbMigrateCommand: Command = {
  name: 'db:migrate',
  summary: 'Apply the pending database migrations and update the facilities',
  description: [
    'Brings the configured database (DATABASE_URL, or the embedded one in DATA_DIR) up to date with the migrations in server/drizzle/, each in its own transaction, and updates the facilities (reference data). Migrations already applied are left alone, so running it again changes nothing.',
    'The server migrates at start as well; this is for migrating ahead of a start, or a database no server uses yet.',
  ],
  options: {},
  run(_values, context) {
    const { io } = context;
    return runOnDatabase('db:migrate', context, async (database) => {
      const { applied } = await migrateDatabase(database, (message) => io.out(message));
      await seedReferenceData(database.db);
      io.out(
        applied.length === 0
          ? 'db:migrate: the schema was already up to date'
          : `db:migrate: applied ${applied.length} migration(s): ${applied.join(', ')}`,
      );
      io.out('db:migrate: facilities (reference data) are up to date');
    });
  },
};
