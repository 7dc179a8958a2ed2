/**
 * The keys that sign and verify session tokens. Each has a key id (`kid`)
 * that goes into the token's header, so several keys can verify at once and
 * the signing key can be replaced without refusing the tokens already out.
 */
export interface SigningKey {
  readonly kid: string;
  readonly secret: string;
}

/** At least one key: the first signs, every one verifies. */
export type SigningKeys = readonly [SigningKey, ...SigningKey[]];

/** The key id of JWT_SECRET when JWT_SIGNING_KEYS is unset. */
export const DEFAULT_KEY_ID = 'default';

export const KEY_ID_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;
export const MIN_SECRET_LENGTH = 32;

export type ParsedSigningKeys = { ok: true; keys: SigningKeys } | { ok: false; problems: string[] };

/**
 * Reads `kid1:secret1,kid2:secret2`. A secret may itself contain `:`, as
 * only the first one of an entry separates the id. Problems name entries by
 * position and never quote them, because a malformed entry may be a secret.
 */
export function parseSigningKeys(text: string): ParsedSigningKeys {
  const problems: string[] = [];
  const keys: SigningKey[] = [];
  const firstEntryOfKid = new Map<string, number>();
  text.split(',').forEach((rawEntry, index) => {
    const entry = index + 1;
    const separator = rawEntry.indexOf(':');
    if (separator < 0) {
      problems.push(`entry ${entry} must be key-id:secret (entries separated by commas)`);
      return;
    }
    const kid = rawEntry.slice(0, separator).trim();
    const secret = rawEntry.slice(separator + 1).trim();
    const before = problems.length;
    const earlier = firstEntryOfKid.get(kid);
    if (!KEY_ID_PATTERN.test(kid)) {
      problems.push(
        `entry ${entry} has a bad key id: use 1 to 32 letters, digits, dots, underscores or hyphens`,
      );
    } else if (earlier !== undefined) {
      problems.push(
        `entry ${entry} repeats the key id of entry ${earlier}; key ids must be unique`,
      );
    } else {
      firstEntryOfKid.set(kid, entry);
    }
    if (secret.length < MIN_SECRET_LENGTH) {
      problems.push(`entry ${entry} has a secret shorter than ${MIN_SECRET_LENGTH} characters`);
    }
    if (problems.length > before) return;
    keys.push({ kid, secret });
  });
  const [first, ...rest] = keys;
  if (problems.length > 0 || first === undefined) return { ok: false, problems };
  return { ok: true, keys: [first, ...rest] };
}

/** What SessionTokens signs and verifies with. */
export interface SessionKeyRing {
  readonly keys: SigningKeys;
  /**
   * The listed key that checks tokens without a `kid`: tokens issued before
   * key ids, all signed with JWT_SECRET. Unset once JWT_SECRET is no longer
   * listed, and from then on such tokens are refused like any other token
   * of a removed key.
   */
  readonly legacyKid?: string;
}

/**
 * The session keys for a configuration. Without JWT_SIGNING_KEYS, JWT_SECRET
 * itself (not a key derived from it) signs under DEFAULT_KEY_ID, so tokens
 * issued before key ids keep verifying and upgrading signs nobody out.
 */
export function sessionKeyRing(
  jwtSecret: string,
  signingKeys: SigningKeys | undefined,
): SessionKeyRing {
  const keys = signingKeys ?? [{ kid: DEFAULT_KEY_ID, secret: jwtSecret }];
  const legacy = keys.find((key) => key.secret === jwtSecret);
  return legacy ? { keys, legacyKid: legacy.kid } : { keys };
}
