/**
 * Byte helpers for the request-signing schemes. Everything handed to Web Crypto is backed by a
 * plain ArrayBuffer (`Uint8Array<ArrayBuffer>`), which both the DOM and the Workers typings accept.
 */
const utf8 = new TextEncoder();

export type Bytes = Uint8Array<ArrayBuffer>;

export function utf8Bytes(text: string): Bytes {
  // TextEncoder always encodes into a fresh ArrayBuffer; only some typings say ArrayBufferLike.
  return utf8.encode(text) as Bytes;
}

/** The bytes of a body given as text or bytes; copies only bytes on a shared buffer. */
export function bodyBytes(body: string | Uint8Array): Bytes {
  if (typeof body === "string") return utf8Bytes(body);
  return body.buffer instanceof ArrayBuffer ? (body as Bytes) : new Uint8Array(body);
}

/** The parts one after another, in a fresh buffer. */
export function concatBytes(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function bytesToHex(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes;
  return Array.from(view, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Null for anything but an even-length string of hex digits (no 0x). */
export function hexToBytes(hex: string): Bytes | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
