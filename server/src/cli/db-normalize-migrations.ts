import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../install-root.ts';

/*
 * drizzle-kit writes foreign keys as `REFERENCES "public"."table"`. The
 * service applies the same files in whatever schema the connection's
 * search_path selects (each test run gets its own), so the qualifier goes.
 */

const PUBLIC_QUALIFIER = /"public"\./g;

function normalizeMigrationSql(text: string): string {
  return text.replace(PUBLIC_QUALIFIER, '');
}

async function main(): Promise<void> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  let changed = 0;
  for (const name of files) {
    const file = path.join(MIGRATIONS_DIR, name);
    const original = await readFile(file, 'utf8');
    const normalized = normalizeMigrationSql(original);
    if (normalized === original) continue;
    await writeFile(file, normalized);
    changed += 1;
    console.info(`Made ${name} schema-relative`);
  }
  console.info(
    changed === 0
      ? `All ${files.length} migration(s) were already schema-relative`
      : `Normalized ${changed} of ${files.length} migration(s) in ${MIGRATIONS_DIR}`,
  );
}

main().catch((error: unknown) => {
  console.error(
    `Could not normalize the migrations: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});
