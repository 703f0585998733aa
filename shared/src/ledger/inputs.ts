import { AccountAddress } from "@aptos-labs/ts-sdk";
import { invalidArgument } from "./errors.js";

/**
 * Type-level checks on arguments before anything is signed. Contract rules (id charset, lengths,
 * limits) are deliberately NOT checked here: the ledger enforces them and its abort names what
 * failed, the same on the devnode and on Aptos.
 */
/** Long form; accepts every form AccountAddress accepts in non-strict mode. */
export function toAddress(value: string | AccountAddress, field: string): string {
  if (value instanceof AccountAddress) return value.toStringLong();
  if (!AccountAddress.isValid({ input: value, strict: false }).valid) {
    throw invalidArgument(field, `"${value}" is not an account address`);
  }
  return AccountAddress.from(value).toStringLong();
}

export function toAddresses(values: readonly (string | AccountAddress)[], field: string): string[] {
  return values.map((value, i) => toAddress(value, `${field}[${i}]`));
}

export function toBytes(value: Uint8Array | undefined, field: string): Uint8Array {
  if (value === undefined) return new Uint8Array();
  if (!(value instanceof Uint8Array)) throw invalidArgument(field, "must be a Uint8Array");
  return value;
}
