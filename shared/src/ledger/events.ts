import { AccountAddress } from "@aptos-labs/ts-sdk";
import type { EventName, ModuleName } from "../contract/index.js";
import type { LedgerEvent, TxReceipt } from "./transactions.js";

/**
 * The receipt's events of one of our event structs. Event types carry the module address in
 * whatever form the node prints (trimmed or long), so addresses are compared as addresses.
 */
export function findEvents(
  receipt: TxReceipt,
  moduleAddress: string,
  module: ModuleName,
  name: EventName,
): LedgerEvent[] {
  const wanted = AccountAddress.from(moduleAddress);
  return receipt.events.filter((event) => {
    const [address, eventModule, eventName] = event.type.split("::");
    if (eventModule !== module || eventName !== name || address === undefined) return false;
    try {
      return AccountAddress.fromString(address, { maxMissingChars: 63 }).equals(wanted);
    } catch {
      return false;
    }
  });
}
