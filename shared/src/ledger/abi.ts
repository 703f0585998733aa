import {
  type EntryFunctionABI,
  type MoveFunctionId,
  parseTypeTag,
  type ViewFunctionABI,
} from "@aptos-labs/ts-sdk";
import {
  type EntryFunctionName,
  FUNCTIONS,
  type FunctionName,
  type ViewFunctionName,
} from "../contract/functions.js";
import { qualifiedType } from "../contract/types.js";

/** `<module address>::<module>::<function>` for a function of the table. */
export function functionId(moduleAddress: string, name: FunctionName): MoveFunctionId {
  const spec = FUNCTIONS[name];
  return `${moduleAddress}::${spec.module}::${spec.name}`;
}

/**
 * The ABI of an entry function, from the shared table, so the SDK never asks the node for the
 * module (one request less per build, and no dependence on the node's ABI endpoint).
 */
export function entryFunctionAbi(moduleAddress: string, name: EntryFunctionName): EntryFunctionABI {
  const spec = FUNCTIONS[name];
  return {
    typeParameters: [],
    parameters: spec.params.map((param) => parseTypeTag(qualifiedType(param.type, moduleAddress))),
    signers: 1,
  };
}

export function viewFunctionAbi(moduleAddress: string, name: ViewFunctionName): ViewFunctionABI {
  const spec = FUNCTIONS[name];
  return {
    typeParameters: [],
    parameters: spec.params.map((param) => parseTypeTag(qualifiedType(param.type, moduleAddress))),
    returnTypes: spec.returns.map((type) => parseTypeTag(qualifiedType(type, moduleAddress))),
  };
}
