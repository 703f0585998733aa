import { type EntryFunctionName, FUNCTIONS, type MoveType } from "#shared/contract";
import { longAddress } from "../engine/move-values.js";
import type { MoveArg } from "../engine/types.js";
import { NodeError } from "../node/errors.js";
import { PACKAGE_GAS_UNITS, TRANSFER_GAS_UNITS } from "./gas.js";
import { ArgumentDecodeError, decodeBcsArg } from "./move-args.js";

export const FRAMEWORK_ADDRESS = longAddress("0x1");
export const APTOS_COIN = "0x1::aptos_coin::AptosCoin";
/** The APT fungible asset's metadata object (0xa), long form. */
export const APT_METADATA = longAddress("0xa");

/** An entry-function call the devnode can run, with its arguments decoded. */
export type ResolvedCall = {
  /** `<address>::<module>::<function>` as the REST payload shows it. */
  functionId: string;
  typeArguments: string[];
  paramTypes: readonly MoveType[];
  args: MoveArg[];
  gasUnits: bigint;
} & (
  | { kind: "transfer"; to: string; amount: bigint }
  | { kind: "package"; name: EntryFunctionName }
);

export interface CallInput {
  moduleAddress: string;
  /** Address the call names, long form. */
  address: string;
  module: string;
  fn: string;
  typeArguments: string[];
  args: Uint8Array[];
}

/** The three APT transfers of the framework, keyed by module::function, with their type-arg count. */
const TRANSFERS: Record<string, number> = {
  "aptos_account::transfer": 0,
  "aptos_account::transfer_coins": 1,
  "coin::transfer": 1,
};
const FRAMEWORK_MODULES = new Set(["aptos_account", "coin", "primary_fungible_store"]);

const PACKAGE_ENTRIES = new Map<string, EntryFunctionName>();
const PACKAGE_VIEWS = new Set<string>();
for (const [key, spec] of Object.entries(FUNCTIONS)) {
  if (spec.kind === "entry")
    PACKAGE_ENTRIES.set(`${spec.module}::${spec.name}`, key as EntryFunctionName);
  else PACKAGE_VIEWS.add(`${spec.module}::${spec.name}`);
}
const PACKAGE_MODULES = new Set<string>(Object.values(FUNCTIONS).map((f) => f.module));

/**
 * Decodes each argument by its Move type with `decode` (BCS bytes or JSON values), failing with
 * the VM's status names; shared by entry calls and views.
 */
export function decodeArgs<T>(
  types: readonly MoveType[],
  given: readonly T[],
  decode: (type: MoveType, value: T) => MoveArg,
): MoveArg[] {
  if (given.length !== types.length) {
    throw NodeError.vm(
      "NUMBER_OF_ARGUMENTS_MISMATCH",
      `expected ${types.length} arguments, got ${given.length}`,
    );
  }
  return types.map((type, i) => {
    try {
      return decode(type, given[i] as T);
    } catch (error) {
      if (!(error instanceof ArgumentDecodeError)) throw error;
      throw NodeError.vm(
        "FAILED_TO_DESERIALIZE_ARGUMENT",
        `argument ${i} (${type}): ${error.message}`,
      );
    }
  });
}

function requireTypeArgs(given: string[], expected: number): void {
  if (given.length !== expected) {
    throw NodeError.vm(
      "NUMBER_OF_TYPE_ARGUMENTS_MISMATCH",
      `expected ${expected} type arguments, got ${given.length}`,
    );
  }
}

function resolveTransfer(input: CallInput, id: string): ResolvedCall {
  const typeArgCount = TRANSFERS[`${input.module}::${input.fn}`];
  if (typeArgCount === undefined) {
    throw NodeError.vm("FUNCTION_RESOLUTION_FAILURE", `the devnode has no entry function ${id}`);
  }
  requireTypeArgs(input.typeArguments, typeArgCount);
  if (typeArgCount === 1 && input.typeArguments[0] !== APTOS_COIN) {
    throw NodeError.vm("LINKER_ERROR", `the only coin on the devnode is ${APTOS_COIN}`);
  }
  const paramTypes = ["address", "u64"] as const;
  const args = decodeArgs(paramTypes, input.args, decodeBcsArg);
  return {
    kind: "transfer",
    functionId: id,
    typeArguments: input.typeArguments,
    paramTypes,
    args,
    to: args[0] as string,
    amount: args[1] as bigint,
    gasUnits: TRANSFER_GAS_UNITS,
  };
}

/**
 * Finds the function a payload calls and decodes its arguments by the Move types of the
 * function table, failing with the VM's status names (LINKER_ERROR for an unknown module,
 * FUNCTION_RESOLUTION_FAILURE for an unknown function, argument errors as the VM reports them).
 */
export function resolveEntryCall(input: CallInput): ResolvedCall {
  const id = `${input.address === FRAMEWORK_ADDRESS ? "0x1" : input.address}::${input.module}::${input.fn}`;
  if (input.address === FRAMEWORK_ADDRESS && FRAMEWORK_MODULES.has(input.module)) {
    return resolveTransfer(input, id);
  }
  if (input.address !== input.moduleAddress || !PACKAGE_MODULES.has(input.module)) {
    throw NodeError.vm(
      "LINKER_ERROR",
      `module ${input.address}::${input.module} is not published on the devnode`,
    );
  }
  const name = PACKAGE_ENTRIES.get(`${input.module}::${input.fn}`);
  if (name === undefined) {
    if (PACKAGE_VIEWS.has(`${input.module}::${input.fn}`)) {
      throw NodeError.vm("EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION", id);
    }
    throw NodeError.vm("FUNCTION_RESOLUTION_FAILURE", `no entry function ${id}`);
  }
  requireTypeArgs(input.typeArguments, 0);
  const paramTypes = FUNCTIONS[name].params.map((p) => p.type);
  return {
    kind: "package",
    name,
    functionId: id,
    typeArguments: [],
    paramTypes,
    args: decodeArgs(paramTypes, input.args, decodeBcsArg),
    gasUnits: PACKAGE_GAS_UNITS[name],
  };
}
