import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys for separate purposes (session cookies, the provider's cookies, its client secret, sealing signing keys),
 * all derived from SESSION_SECRET, so every instance with the same secret agrees and no second secret is needed.
 */
export function deriveKey(sessionSecret: string, purpose: string, bytes = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'consultancy-site', purpose, bytes));
}

/** AES-256-GCM: `iv.tag.ciphertext`, base64url. */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

export function unseal(key: Buffer, sealed: string): string {
  const [iv, tag, ciphertext] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) throw new Error('Malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
