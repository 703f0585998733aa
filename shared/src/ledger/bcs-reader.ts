import { bytesToHex } from "../auth/bytes.js";

/**
 * Reads BCS front to back, what bcs-writer.ts writes; each read throws a RangeError past the end,
 * so a caller reading untrusted bytes catches once around the whole read.
 */
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

  u8(): number {
    return this.take(1)[0] ?? 0;
  }

  u64(): bigint {
    return new DataView(this.take(8).slice().buffer).getBigUint64(0, true);
  }

  /**
   * UTF-8, strict, and whole: a leading U+FEFF is kept (TextDecoder drops it by default), so a
   * process id read from an offer is the one the transaction pays for.
   */
  string(): string {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
      this.bytesWithLength(),
    );
  }

  /** An account address, long form (0x + 64 lowercase hex). */
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

/** One value read from the whole of `bytes`, or null when they do not hold exactly that value. */
export function readWhole<T>(bytes: Uint8Array, read: (reader: BcsReader) => T): T | null {
  try {
    const reader = new BcsReader(bytes);
    const value = read(reader);
    return reader.done() ? value : null;
  } catch {
    return null;
  }
}
