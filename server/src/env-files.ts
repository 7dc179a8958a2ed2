import { readFileSync } from 'node:fs';

/**
 * The settings that are secrets. Each can also be given as a file, the way
 * systemd credentials, Docker and Kubernetes secrets hand them over:
 * `JWT_SECRET_FILE=/run/credentials/webpay.service/jwt-secret`.
 */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'WEBPAY_API_KEY',
  'JWT_SECRET',
  'JWT_SIGNING_KEYS',
  'CONVERGE_MERCHANT_ID',
  'CONVERGE_USER_ID',
  'CONVERGE_PIN',
  'OIDC_CLIENT_SECRET',
] as const;

export interface SecretFilesResult {
  source: Record<string, string | undefined>;
  problems: string[];
}

/**
 * Replaces each `NAME_FILE` by `NAME` holding the file's contents (a final
 * line break dropped). The value itself is never echoed: a problem names
 * the variable and the file only.
 */
export function readSecretFiles(
  source: Record<string, string | undefined>,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): SecretFilesResult {
  const resolved = { ...source };
  const problems: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const file = source[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (source[name]?.trim()) {
      problems.push(`${name}_FILE: ${name} is set too; set one of them, not both`);
      continue;
    }
    try {
      resolved[name] = read(file).replace(/\r?\n$/, '');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.push(`${name}_FILE: cannot read ${file} (${reason})`);
    }
  }
  return { source: resolved, problems };
}
