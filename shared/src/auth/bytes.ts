import { hexToBytes as bytesOf, bytesToHex as hexOf } from "@noble/hashes/utils";

/**
 * Byte helpers for the request-signing schemes, and the one hex codec of shared/ and the Workers. Everything handed to Web Crypto is backed by a
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

/** Lowercase hex, no 0x. */
export function bytesToHex(bytes: Uint8Array | ArrayBuffer): string {
  return hexOf(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes);
}

/** Null for anything but an even-length string of hex digits (no 0x; either case). */
export function hexToBytes(hex: string): Bytes | null {
  try {
    // noble decodes into a fresh ArrayBuffer; its typings say only Uint8Array.
    return bytesOf(hex) as Bytes;
  } catch {
    return null;
  }
}
