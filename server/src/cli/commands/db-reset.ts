import { assertIsoDate } from '../../demo/calendar.ts';
import { DEMO_GUARANTOR_LIST } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { resetDatabase } from '../../demo/seed.ts';
import type { Command } from '../command.ts';
import { runOnDatabase } from '../db-cli.ts';

export const dbResetCommand: Command = {
  name: 'db:reset',
  summary: 'Delete everything in the database, migrate it again and load the demo data',
  description: [
    'Drops every table of the configured database (DATABASE_URL, or the embedded one in DATA_DIR), with all guarantors, payments and audit events, applies the migrations again and loads the facilities and the demo guarantors, whose sign-ins it prints.',
    'It refuses to run with NODE_ENV=production unless --force is given.',
  ],
  options: {
    today: {
      type: 'string',
      valueName: 'YYYY-MM-DD',
      description: "the demo data's today: due dates and statements follow it (default: today)",
    },
    force: { type: 'boolean', description: 'run even with NODE_ENV=production' },
  },
  async run(values, context) {
    const { io, env } = context;
    if (env.NODE_ENV === 'production' && values.force !== true) {
      io.err(
        'db:reset refuses to run with NODE_ENV=production: it deletes every guarantor, payment ' +
          'and audit record. Pass --force if this really is what you want.',
      );
      return 1;
    }
    let today: string | undefined;
    if (values.today !== undefined) {
      try {
        today = assertIsoDate(String(values.today), 'demo "today"');
      } catch (error) {
        io.err(`db:reset: --today: ${error instanceof Error ? error.message : String(error)}`);
        return 1;
      }
    }
    return runOnDatabase('db:reset', context, async (database) => {
      await resetDatabase(database, { today, serverSecret: env.JWT_SECRET });
      io.out(
        `db:reset: dropped all tables, migrated again and loaded the demo data${today ? ` as of ${today}` : ''}`,
      );
      for (const guarantor of DEMO_GUARANTOR_LIST) {
        io.out(
          `  ${guarantor.firstName} ${guarantor.lastName}: account ${guarantor.accountNumber}, PIN ${guarantor.pin}`,
        );
      }
      for (const member of Object.values(DEMO_STAFF)) {
        io.out(
          `  ${member.name} (billing office, ${member.role}): ${member.email}, password ${member.password}, TOTP key ${member.totpSecret}`,
        );
      }
    });
  },
};
