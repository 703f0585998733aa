import type { EntryFunctionName, EventName, ModuleName, ViewFunctionName } from "#shared/contract";

/**
 * Arguments of an entry or view function, decoded from BCS (or from view JSON) by the
 * transaction layer following the contract table's Move types:
 * bool -> boolean; u8 -> number; u64 -> bigint; address -> string in long form (0x + 64 hex);
 * String -> string; vector<u8> -> Uint8Array; vector<T> -> T[].
 */
export type MoveArg = boolean | number | bigint | string | Uint8Array | MoveArg[];

/** A Move value as the Aptos REST API renders it in JSON (view results, event data). */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

/** The octa balances of every account and object, kept by the transaction layer. */
export interface Bank {
  balance(address: string): bigint;
  /**
   * Moves octas between two addresses. Throws MoveAbort at `0x1::fungible_asset` with
   * 0x10004 (EINSUFFICIENT_BALANCE) when `from` holds fewer, as the framework does.
   */
  transfer(from: string, to: string, amount: bigint): void;
}

export interface EmittedEvent {
  module: ModuleName;
  name: EventName;
  /** Field values in REST JSON form (u64 as decimal strings, addresses trimmed, bytes as hex). */
  data: Record<string, JsonValue>;
}

/** What one execution of the package may read and change. Everything runs inside one SQL transaction. */
export interface ExecutionContext {
  sql: SqlStorage;
  bank: Bank;
  /** Ledger time in seconds (timestamp::now_seconds()). */
  now: bigint;
  /** Where the package is published (long form); also its admin. */
  moduleAddress: string;
  /**
   * account::get_authentication_key for existing accounts, else the address bytes, as the
   * gateway_context view returns it (hex, 0x + 64 digits).
   */
  authenticationKey(address: string): string;
  emit(event: EmittedEvent): void;
}

/** A Move abort: `location` is `<address>::<module>` as in vm_status, `code` the u64 abort code. */
export class MoveAbort extends Error {
  constructor(
    readonly location: string,
    readonly code: number,
    readonly abortName: string,
    message: string,
  ) {
    super(message);
    this.name = "MoveAbort";
  }
}

/** The package, executed natively. One instance per Durable Object. */
export interface PackageEngine {
  /** Creates the package's tables and runs what init_module does; idempotent (boot). */
  init(ctx: ExecutionContext): void;
  /** Runs an entry function as `sender`; throws MoveAbort, leaving rollback to the caller. */
  execute(ctx: ExecutionContext, sender: string, fn: EntryFunctionName, args: MoveArg[]): void;
  /** Runs a view function; returns one JSON value per Move return value. Throws MoveAbort. */
  view(ctx: ExecutionContext, fn: ViewFunctionName, args: MoveArg[]): JsonValue[];
}
