const UUID_BYTES = 16;

/**
 * A random UUID (version 4, RFC 9562 §5.4) from `crypto.getRandomValues`. Not
 * `crypto.randomUUID`: browsers offer that on secure origins only (https, localhost), and a phone
 * opening the portal at http://192.168.x.y:8080 must be able to save changes too.
 */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(UUID_BYTES));
  // Version 4 in the high nibble of byte 6, the RFC variant (10xx) in the high bits of byte 8.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}
