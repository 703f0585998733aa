import { FUNCTIONS, type FunctionName, type MoveType } from "#shared/contract";
import { longAddress } from "./move-values.js";
import type { MoveArg } from "./types.js";

/** Raised when arguments do not match the contract table: a transaction-layer bug. */
export class ArgumentMismatch extends Error {
  override name = "ArgumentMismatch";
}

const U64_LIMIT = 1n << 64n;

/**
 * A function's decoded arguments, read by Move parameter name. Each getter checks that the
 * contract table declares that parameter with that type and that the value fits it, so the
 * engine reads exactly the table's parameters.
 */
export class Args {
  private readonly byName = new Map<string, { type: MoveType; value: MoveArg }>();

  constructor(
    private readonly fn: FunctionName,
    values: readonly MoveArg[],
  ) {
    const params = FUNCTIONS[fn].params;
    if (values.length !== params.length) {
      throw new ArgumentMismatch(
        `${fn}: expected ${params.length} arguments, got ${values.length}`,
      );
    }
    params.forEach((param, i) => {
      this.byName.set(param.name, { type: param.type, value: values[i] as MoveArg });
    });
  }

  private get(name: string, type: MoveType): MoveArg {
    const arg = this.byName.get(name);
    if (arg === undefined || arg.type !== type) {
      throw new ArgumentMismatch(`${this.fn} has no parameter ${name}: ${type}`);
    }
    return arg.value;
  }

  private mismatch(name: string, type: MoveType): never {
    throw new ArgumentMismatch(`${this.fn}.${name}: expected ${type}`);
  }

  bool(name: string): boolean {
    const v = this.get(name, "bool");
    return typeof v === "boolean" ? v : this.mismatch(name, "bool");
  }

  u8(name: string): number {
    const v = this.get(name, "u8");
    return typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 255
      ? v
      : this.mismatch(name, "u8");
  }

  u64(name: string): bigint {
    const v = this.get(name, "u64");
    return typeof v === "bigint" && v >= 0n && v < U64_LIMIT ? v : this.mismatch(name, "u64");
  }

  string(name: string): string {
    const v = this.get(name, "String");
    return typeof v === "string" ? v : this.mismatch(name, "String");
  }

  /** An address in long form, whatever form it arrived in. */
  address(name: string): string {
    const v = this.get(name, "address");
    return typeof v === "string"
      ? toLong(v, () => this.mismatch(name, "address"))
      : this.mismatch(name, "address");
  }

  bytes(name: string): Uint8Array {
    const v = this.get(name, "vector<u8>");
    return v instanceof Uint8Array ? v : this.mismatch(name, "vector<u8>");
  }

  strings(name: string): string[] {
    const v = this.get(name, "vector<String>");
    return Array.isArray(v) && v.every((s) => typeof s === "string")
      ? (v as string[])
      : this.mismatch(name, "vector<String>");
  }

  addresses(name: string): string[] {
    const v = this.get(name, "vector<address>");
    if (!Array.isArray(v)) return this.mismatch(name, "vector<address>");
    return v.map((a) =>
      typeof a === "string"
        ? toLong(a, () => this.mismatch(name, "vector<address>"))
        : this.mismatch(name, "vector<address>"),
    );
  }
}

function toLong(address: string, onError: () => never): string {
  try {
    return longAddress(address);
  } catch {
    return onError();
  }
}
