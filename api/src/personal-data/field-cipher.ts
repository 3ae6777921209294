import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { JsonValue } from '@shortlist/eventstore';

/** How an encrypted field is stored inside an event's JSON data. */
// A type alias, not an interface, so it is assignable to JsonObject's index signature.
export type SealedField = {
  $sealed: 1;
  iv: string;
  tag: string;
  ct: string;
};

export function isSealedField(value: unknown): value is SealedField {
  return (
    typeof value === 'object' && value !== null && (value as { $sealed?: unknown }).$sealed === 1
  );
}

/**
 * AES-256-GCM with the subject and field name as additional data, so a ciphertext cannot be
 * moved to another stream or field and still decrypt.
 */
export function sealField(key: Buffer, aad: string, value: JsonValue): SealedField {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    $sealed: 1,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ct: ct.toString('base64'),
  };
}

export function openField(key: Buffer, aad: string, sealed: SealedField): JsonValue {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const plain = Buffer.concat([
    decipher.update(Buffer.from(sealed.ct, 'base64')),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(plain) as JsonValue;
}
