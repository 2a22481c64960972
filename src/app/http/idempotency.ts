/**
 * Idempotency keys for money movements (SECURITY 15). The caller makes one key per intended
 * payment and reuses it on retry, so a response lost on the way back cannot charge twice.
 */

export interface CryptoLike {
  randomUUID?(): string;
  // Method syntax on purpose: DOM's generic signature then stays assignable to this narrower use.
  getRandomValues?(array: Uint8Array<ArrayBuffer>): unknown;
}

function uuidFromBytes(bytes: Uint8Array): string {
  // RFC 4122 version 4 / variant 1 bits, so servers that validate UUIDs accept it.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A v4 UUID. `randomUUID` exists only in secure contexts, and some older webviews lack it, hence
 * the `getRandomValues` fallback; the last resort (no Web Crypto at all) still gives a key that is
 * unique in practice, which is what idempotency needs.
 */
export function newIdempotencyKey(c: CryptoLike | undefined = globalThis.crypto): string {
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(new ArrayBuffer(16));
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else {
    const seed = Date.now();
    for (let i = 0; i < bytes.length; i += 1)
      bytes[i] = (Math.random() * 256 + (i < 6 ? seed / 2 ** (8 * i) : 0)) & 0xff;
  }
  return uuidFromBytes(bytes);
}
