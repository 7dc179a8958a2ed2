import { parseArgs } from 'node:util';
import { assertIsoDate } from '../demo/calendar.ts';
import { DEMO_GUARANTOR_LIST } from '../demo/demo-guarantors.ts';
import { resetDatabase } from '../demo/seed.ts';
import { runDatabaseCommand } from './db-cli.ts';

function readArguments() {
  try {
    return parseArgs({
      options: {
        today: { type: 'string' },
        force: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`db:reset: ${error instanceof Error ? error.message : String(error)}`);
    console.error('Usage: db:reset [--today=YYYY-MM-DD] [--force]');
    process.exit(1);
  }
}

const values = readArguments();

if (process.env.NODE_ENV === 'production' && !values.force) {
  console.error(
    'db:reset refuses to run with NODE_ENV=production: it deletes every guarantor, payment ' +
      'and audit record. Pass --force if this really is what you want.',
  );
  process.exit(1);
}

// DEMO_TODAY as well, because `npm run db:reset -- --today=...` from the
// repository root hands the flag to npm rather than to this script.
const requested = values.today ?? (process.env.DEMO_TODAY?.trim() || undefined);
let today: string | undefined;
try {
  today = requested === undefined ? undefined : assertIsoDate(requested, 'demo "today"');
} catch (error) {
  console.error(`db:reset: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

await runDatabaseCommand('db:reset', async (handle) => {
  await resetDatabase(handle, { today });
  console.info(
    `db:reset: dropped all tables, migrated again and loaded the demo data${today ? ` as of ${today}` : ''}`,
  );
  for (const guarantor of DEMO_GUARANTOR_LIST) {
    console.info(
      `  ${guarantor.firstName} ${guarantor.lastName}: account ${guarantor.accountNumber}, PIN ${guarantor.pin}`,
    );
  }
});
