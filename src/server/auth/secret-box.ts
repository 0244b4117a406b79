import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets the server must use later in clear (forward passwords and API keys, device
 * credentials), so a database dump alone does not reveal them. AES-256-GCM with a random IV per
 * value; the key lives beside the token secret (SECRETS_KEY or DATA_DIR/secrets-key), never in
 * the database. Stored form: `v1:` + base64url(iv ‖ tag ‖ ciphertext).
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The clear text of a sealed value; throws for a value sealed with another key or tampered. */
  open(sealed: string): string;
  /** Whether a stored value is already sealed (values written before encryption are not). */
  isSealed(value: string): boolean;
}

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Any key text works: it is hashed to the 32 bytes AES-256 needs. */
export function createSecretBox(keyText: string): SecretBox {
  if (keyText.length < 16) throw new Error('The secrets key must be at least 16 characters');
  const key = createHash('sha256').update(keyText, 'utf8').digest();
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed value');
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
    isSealed: (value) => value.startsWith(PREFIX),
  };
}

/** The clear text of a stored secret (forwards, auth servers); values stored before encryption pass as they are. */
export function revealSecret(box: SecretBox, stored: string | null): string | null {
  if (stored === null) return null;
  return box.isSealed(stored) ? box.open(stored) : stored;
}
