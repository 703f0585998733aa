import { describeAbortCode } from "../contract/aborts.js";
import { MODULES, type ModuleName } from "../contract/modules.js";
import { type AbortInfo, abortCategoryName } from "./errors.js";

// `Move abort in 0xcafe::payment: EPAYMENT_EXISTS(0x80019): A payment ...` (current nodes),
// `Move abort in 0x1::coin: 0x10006` (no name), also inside a longer API error message.
const MOVE_ABORT =
  /Move abort in (0x[0-9a-fA-F]+)::([A-Za-z_][A-Za-z0-9_]*): (?:([A-Za-z_][A-Za-z0-9_]*)\()?(0x[0-9a-fA-F]+|\d+)\)?(?::\s*([^"]*))?/;

// Nodes print addresses trimmed of leading zeros; 0x is optional, as in the SDK's loose parsing.
const LOOSE_ADDRESS = /^(?:0x)?([0-9a-fA-F]{1,64})$/;

function sameAddress(a: string, b: string): boolean {
  const x = LOOSE_ADDRESS.exec(a)?.[1];
  const y = LOOSE_ADDRESS.exec(b)?.[1];
  return x !== undefined && y !== undefined && BigInt(`0x${x}`) === BigInt(`0x${y}`);
}

function isOurModule(name: string): name is ModuleName {
  return (MODULES as readonly string[]).includes(name);
}

/**
 * Decodes a vm_status (or an API error message that contains one) into an abort. Aborts of our
 * package (its module address, or any address when that is not known) get their name and human
 * message from the shared abort-code table; other aborts keep what the node printed.
 */
export function parseMoveAbort(text: string, moduleAddress?: string): AbortInfo | undefined {
  const match = MOVE_ABORT.exec(text);
  if (!match) return undefined;
  const [, address = "", module = "", printedName, codeText = "0", printedDescription] = match;
  const code = Number(codeText);
  const info: AbortInfo = {
    location: `${address}::${module}`,
    module,
    code,
    reason: code & 0xffff,
  };
  const category = abortCategoryName(code);
  if (category !== undefined) info.category = category;
  const ours =
    isOurModule(module) && (moduleAddress === undefined || sameAddress(address, moduleAddress));
  const known = ours ? describeAbortCode(code) : undefined;
  if (known) {
    info.name = known.name;
    info.abortName = known.name;
    info.description = known.row.message;
    return info;
  }
  if (printedName !== undefined) info.name = printedName;
  const description = printedDescription?.trim();
  if (description) info.description = description;
  return info;
}

/** One line for a user: the table's message, with the abort name for support. */
export function abortMessage(abort: AbortInfo): string {
  const name = abort.name ?? `0x${abort.code.toString(16)}`;
  const what = abort.description ?? "the transaction aborted";
  return `${what} (${name} in ${abort.module})`;
}
