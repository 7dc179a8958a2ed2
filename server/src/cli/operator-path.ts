import path from 'node:path';

/**
 * A file named on the command line, taken from the directory the operator
 * ran the command in: `npm run webpay` runs in server/, and npm tells where
 * it was started in INIT_CWD.
 */
export function operatorPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}
