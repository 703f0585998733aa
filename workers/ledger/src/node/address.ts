import { longAddress } from "../engine/move-values.js";
import { NodeError } from "./errors.js";

/**
 * Reads an address as a client may write it (short, long, with or without 0x) and returns the
 * long form; a malformed one is the node's 400 invalid_input naming the field.
 */
export function parseAddress(input: string, field: string): string {
  try {
    return longAddress(input.startsWith("0x") || input.startsWith("0X") ? input : `0x${input}`);
  } catch {
    throw NodeError.invalidInput(`${field}: not an account address: ${input.slice(0, 80)}`);
  }
}
