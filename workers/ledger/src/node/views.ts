import { Deserializer, EntryFunction, EntryFunctionBytes, parseTypeTag } from "@aptos-labs/ts-sdk";
import { z } from "zod";
import { FUNCTIONS, type MoveType, type ViewFunctionName } from "#shared/contract";
import { formatZodIssue } from "#shared/errors/validation";
import { bytesToHex, longAddress } from "../engine/move-values.js";
import { type JsonValue, MoveAbort, type MoveArg } from "../engine/types.js";
import { abortStatus, executionContext } from "../tx/execute.js";
import { decodeBcsArg, jsonToArg } from "../tx/move-args.js";
import { APT_METADATA, APTOS_COIN, decodeArgs, FRAMEWORK_ADDRESS } from "../tx/resolve.js";
import type { NodeContext } from "./context.js";
import { NodeError } from "./errors.js";

const utf8Hex = (text: string) => bytesToHex(new TextEncoder().encode(text));

interface ViewTarget {
  address: string;
  module: string;
  fn: string;
  typeArguments: string[];
}

/** Arguments still encoded: BCS bytes per argument, or the JSON body's values. */
type RawArgs = { bcs: Uint8Array[] } | { json: unknown[] };

interface ViewSpec {
  params: readonly MoveType[];
  typeArgs: number;
  run: (ctx: NodeContext, args: MoveArg[], typeArguments: string[]) => JsonValue[];
}

const FRAMEWORK_VIEWS: Record<string, ViewSpec> = {
  "coin::balance": {
    params: ["address"],
    typeArgs: 1,
    run: (ctx, [owner], [coin]) => {
      if (coin !== APTOS_COIN) throw NodeError.vm("LINKER_ERROR", `no coin ${coin} on the devnode`);
      return [ctx.bank.balance(owner as string).toString()];
    },
  },
  "coin::paired_coin": {
    params: ["address"],
    typeArgs: 0,
    run: (_ctx, [metadata]) => [
      metadata === APT_METADATA
        ? {
            vec: [
              {
                account_address: "0x1",
                module_name: utf8Hex("aptos_coin"),
                struct_name: utf8Hex("AptosCoin"),
              },
            ],
          }
        : { vec: [] },
    ],
  },
  "primary_fungible_store::balance": {
    params: ["address", "address"],
    typeArgs: 1,
    run: (ctx, [owner, metadata]) => [
      metadata === APT_METADATA ? ctx.bank.balance(owner as string).toString() : "0",
    ],
  },
};

/** The package's views by `module::function`, built once: the spec depends only on the table. */
const PACKAGE_VIEWS = new Map<string, ViewSpec>();
for (const [key, spec] of Object.entries(FUNCTIONS)) {
  if (spec.kind === "view") {
    const name = key as ViewFunctionName;
    PACKAGE_VIEWS.set(`${spec.module}::${spec.name}`, {
      params: spec.params.map((p) => p.type),
      typeArgs: 0,
      run: (ctx, args) => {
        const exec = executionContext({ ctx, now: ctx.clock.nowSeconds(), events: [] });
        return ctx.engine.view(exec, name, args);
      },
    });
  }
}

function findView(ctx: NodeContext, target: ViewTarget): ViewSpec {
  const key = `${target.module}::${target.fn}`;
  const id = `${target.address}::${key}`;
  if (target.address === FRAMEWORK_ADDRESS) {
    const spec = FRAMEWORK_VIEWS[key];
    if (spec) return spec;
  } else if (target.address === ctx.config.moduleAddress) {
    const spec = PACKAGE_VIEWS.get(key);
    if (spec) return spec;
  }
  throw NodeError.vm("FUNCTION_RESOLUTION_FAILURE", `no view function ${id} on the devnode`);
}

/** Runs a view function; an abort is the node's 400 vm_error with the abort's vm_status text. */
export function runView(args: { ctx: NodeContext; target: ViewTarget; raw: RawArgs }): JsonValue[] {
  const spec = findView(args.ctx, args.target);
  if (args.target.typeArguments.length !== spec.typeArgs) {
    throw NodeError.vm(
      "NUMBER_OF_TYPE_ARGUMENTS_MISMATCH",
      `expected ${spec.typeArgs} type arguments, got ${args.target.typeArguments.length}`,
    );
  }
  const decoded =
    "bcs" in args.raw
      ? decodeArgs(spec.params, args.raw.bcs, decodeBcsArg)
      : decodeArgs(spec.params, args.raw.json, jsonToArg);
  try {
    return spec.run(args.ctx, decoded, args.target.typeArguments);
  } catch (error) {
    if (!(error instanceof MoveAbort)) throw error;
    // 4016 is ABORTED, the status a view's abort carries on a real node.
    throw new NodeError(400, "vm_error", abortStatus(error), 4016);
  }
}

/** A BCS view request body: bcs(EntryFunction), as aptos.view sends it. */
export function viewFromBcs(body: Uint8Array): { target: ViewTarget; raw: RawArgs } {
  let ef: EntryFunction;
  try {
    const d = new Deserializer(body);
    ef = EntryFunction.deserialize(d);
    if (d.remaining() !== 0) throw new Error(`${d.remaining()} trailing bytes`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw NodeError.invalidInput(`Failed to deserialize input into ViewRequest: ${reason}`);
  }
  const bcs = ef.args.map((arg) => {
    if (!(arg instanceof EntryFunctionBytes))
      throw NodeError.invalidInput("unexpected argument encoding");
    return arg.value.value;
  });
  return {
    target: {
      address: ef.module_name.address.toStringLong(),
      module: ef.module_name.name.identifier,
      fn: ef.function_name.identifier,
      typeArguments: ef.type_args.map((t) => t.toString()),
    },
    raw: { bcs },
  };
}

const ViewJsonBody = z.object({
  function: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{1,64}::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*$/, {
      message: "function must be <address>::<module>::<function>",
    }),
  type_arguments: z.array(z.string()).default([]),
  arguments: z.array(z.unknown()).default([]),
});

/** A JSON view request body: `{function, type_arguments, arguments}`, as aptos.viewJson sends it. */
export function viewFromJson(body: unknown): { target: ViewTarget; raw: RawArgs } {
  const parsed = ViewJsonBody.safeParse(body);
  if (!parsed.success) {
    throw NodeError.invalidInput(formatZodIssue(parsed.error.issues, "body"));
  }
  const [address = "", module = "", fn = ""] = parsed.data.function.split("::");
  let typeArguments: string[];
  try {
    typeArguments = parsed.data.type_arguments.map((t) => parseTypeTag(t).toString());
  } catch (error) {
    throw NodeError.invalidInput(
      `type_arguments: ${error instanceof Error ? error.message : "invalid"}`,
    );
  }
  return {
    target: {
      address: longAddress(address.startsWith("0x") ? address : `0x${address}`),
      module,
      fn,
      typeArguments,
    },
    raw: { json: parsed.data.arguments },
  };
}
