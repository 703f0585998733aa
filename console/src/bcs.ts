import { bytesToHex, concatBytes, hexToBytes } from "@noble/hashes/utils";

/**
 * The few BCS encodings the console writes and reads (shared/docs/aptos-node-api.md): ULEB128
 * lengths, little-endian u64, strings and 32-byte addresses. shared/src/ledger/entry-bcs.ts
 * writes the same bytes but pulls zod in (docs/console.md, "Why hono/jsx/dom").
 */
export function uleb128(value: number): Uint8Array {
  const out: number[] = [];
  let rest = value;
  do {
    const low = rest & 0x7f;
    rest = Math.floor(rest / 128);
    out.push(rest > 0 ? low | 0x80 : low);
  } while (rest > 0);
  return Uint8Array.from(out);
}

export function u64Bytes(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}

export function stringBytes(text: string): Uint8Array {
  const utf8 = new TextEncoder().encode(text);
  return concatBytes(uleb128(utf8.length), utf8);
}

/** An account address in its long form (0x + 64 hex), as 32 bytes. */
export function addressBytes(address: string): Uint8Array {
  return hexToBytes(longAddress(address).slice(2));
}

/** 0x + 64 lowercase hex digits: the form the console compares addresses in. */
export function longAddress(address: string): string {
  return `0x${address.replace(/^0x/i, "").toLowerCase().padStart(64, "0")}`;
}

/** Reads BCS from bytes, front to back; each read throws a RangeError past the end. */
export class BcsReader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  take(length: number): Uint8Array {
    if (this.at + length > this.bytes.length) throw new RangeError("BCS: past the end");
    const part = this.bytes.subarray(this.at, this.at + length);
    this.at += length;
    return part;
  }

  uleb128(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = this.take(1)[0] ?? 0;
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new RangeError("BCS: length too long");
  }

  u64(): bigint {
    return new DataView(this.take(8).slice().buffer).getBigUint64(0, true);
  }

  string(): string {
    return new TextDecoder("utf-8", { fatal: true }).decode(this.take(this.uleb128()));
  }

  address(): string {
    return `0x${bytesToHex(this.take(32))}`;
  }

  bytesWithLength(): Uint8Array {
    return this.take(this.uleb128());
  }

  done(): boolean {
    return this.at === this.bytes.length;
  }
}
