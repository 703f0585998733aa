import { hexToBytes } from "../auth/bytes.js";
import { isValidAddress, normalizeAddress } from "../schemas/address-format.js";
import { LedgerError } from "./errors.js";

const utf8 = new TextEncoder();

/**
 * Writes BCS front to back (shared/docs/aptos-node-api.md): ULEB128 lengths, little-endian
 * integers, length-prefixed strings and bytes, 32-byte addresses. bcs-reader.ts reads the same.
 */
export class BcsWriter {
  private bytes: number[] = [];

  uleb128(value: number): void {
    let v = value;
    while (v >= 0x80) {
      this.bytes.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    this.bytes.push(v);
  }

  u8(value: number): void {
    this.bytes.push(value);
  }

  u64(value: bigint): void {
    let v = value;
    for (let i = 0; i < 8; i++) {
      this.bytes.push(Number(v & 0xffn));
      v >>= 8n;
    }
  }

  fixed(bytes: Uint8Array): void {
    for (const b of bytes) this.bytes.push(b);
  }

  /** Length-prefixed bytes (vector<u8>, and each argument of an entry-function payload). */
  bytesWithLength(bytes: Uint8Array): void {
    this.uleb128(bytes.length);
    this.fixed(bytes);
  }

  str(value: string): void {
    this.bytesWithLength(utf8.encode(value));
  }

  address(value: string): void {
    this.fixed(addressBytes(value));
  }

  toUint8Array(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** The bytes `write` puts down: one value's BCS, such as one entry-function argument. */
export function bcsOf(write: (w: BcsWriter) => void): Uint8Array {
  const w = new BcsWriter();
  write(w);
  return w.toUint8Array();
}

/** An account address as its 32 bytes; invalid_input for anything but an address. */
function addressBytes(value: string): Uint8Array {
  const bytes = isValidAddress(value) ? hexToBytes(normalizeAddress(value).slice(2)) : null;
  if (bytes === null) {
    throw new LedgerError({
      kind: "invalid_input",
      message: `"${value}" is not an account address`,
    });
  }
  return bytes;
}
