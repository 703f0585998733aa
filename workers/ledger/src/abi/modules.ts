import {
  EVENTS,
  FUNCTIONS,
  MODULES,
  type MoveType,
  qualifiedType,
  STRUCTS,
  type StructField,
} from "#shared/contract";
import { hexLiteral } from "../engine/move-values.js";
import type { JsonValue } from "../engine/types.js";
import { FRAMEWORK_ADDRESS } from "../tx/resolve.js";

type Fn = {
  name: string;
  visibility: "public";
  is_entry: boolean;
  is_view: boolean;
  generic_type_params: { constraints: string[] }[];
  params: string[];
  return: string[];
};

const fn = (
  name: string,
  kind: "entry" | "view",
  params: string[],
  returns: string[],
  generics: string[][] = [],
): Fn => ({
  name,
  visibility: "public",
  is_entry: kind === "entry",
  is_view: kind === "view",
  generic_type_params: generics.map((constraints) => ({ constraints })),
  params,
  return: returns,
});

/** The framework functions the devnode runs, with the signatures aptos-framework gives them. */
const FRAMEWORK_FUNCTIONS: Record<string, Fn[]> = {
  aptos_account: [
    fn("transfer", "entry", ["&signer", "address", "u64"], []),
    fn("transfer_coins", "entry", ["&signer", "address", "u64"], [], [[]]),
  ],
  coin: [
    fn("transfer", "entry", ["&signer", "address", "u64"], [], [[]]),
    fn("balance", "view", ["address"], ["u64"], [[]]),
    fn(
      "paired_coin",
      "view",
      ["0x1::object::Object<0x1::fungible_asset::Metadata>"],
      ["0x1::option::Option<0x1::type_info::TypeInfo>"],
    ),
  ],
  primary_fungible_store: [
    fn("balance", "view", ["address", "0x1::object::Object<T0>"], ["u64"], [["key"]]),
  ],
};

function structJson(
  name: string,
  fields: readonly StructField[],
  moduleAddress: string,
  isEvent: boolean,
): JsonValue {
  return {
    name,
    is_native: false,
    is_event: isEvent,
    is_enum: false,
    abilities: isEvent ? ["drop", "store"] : ["copy", "drop", "store"],
    generic_type_params: [],
    fields: fields.map((f) => ({ name: f.name, type: qualifiedType(f.type, moduleAddress) })),
  };
}

function packageModule(module: string, moduleAddress: string): JsonValue {
  const q = (t: MoveType) => qualifiedType(t, moduleAddress);
  const functions = Object.values(FUNCTIONS)
    .filter((f) => f.module === module)
    .map((f) =>
      f.kind === "entry"
        ? fn(f.name, "entry", ["&signer", ...f.params.map((p) => q(p.type))], [])
        : fn(
            f.name,
            "view",
            f.params.map((p) => q(p.type)),
            f.returns.map((r) => q(r)),
          ),
    );
  const structs = [
    ...Object.entries(STRUCTS)
      .filter(([, s]) => s.module === module)
      .map(([name, s]) => structJson(name, s.fields, moduleAddress, false)),
    ...Object.entries(EVENTS)
      .filter(([, s]) => s.module === module)
      .map(([name, s]) => structJson(name, s.fields, moduleAddress, true)),
  ];
  return {
    address: hexLiteral(moduleAddress),
    name: module,
    friends: [],
    exposed_functions: functions,
    structs,
  };
}

/**
 * The ABI the node serves for `GET /v1/accounts/{addr}/module/{name}`: the framework modules
 * the devnode emulates (only the functions it runs) and the package's three modules, generated
 * from the shared function table. `bytecode` is empty: there is no Move bytecode here.
 * Null when no such module is published.
 */
export function moduleAbi(args: {
  address: string;
  name: string;
  moduleAddress: string;
}): { bytecode: string; abi: JsonValue } | null {
  if (args.address === FRAMEWORK_ADDRESS) {
    const functions = FRAMEWORK_FUNCTIONS[args.name];
    if (!functions) return null;
    return {
      bytecode: "0x",
      abi: {
        address: "0x1",
        name: args.name,
        friends: [],
        exposed_functions: functions,
        structs: [],
      },
    };
  }
  if (args.address === args.moduleAddress && (MODULES as readonly string[]).includes(args.name)) {
    return { bytecode: "0x", abi: packageModule(args.name, args.moduleAddress) };
  }
  return null;
}
