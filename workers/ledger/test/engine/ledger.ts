import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import {
  type AbortName,
  abortCode,
  DEVNODE_MODULE_ADDRESS,
  type EntryFunctionName,
  FUNCTIONS,
  type FunctionName,
  type ModuleName,
  type ViewFunctionName,
} from "#shared/contract";
import { SqlBank } from "../../src/engine/bank.js";
import { NativePackageEngine } from "../../src/engine/engine.js";
import { hexLiteral, longAddress } from "../../src/engine/move-values.js";
import {
  type EmittedEvent,
  type ExecutionContext,
  type JsonValue,
  MoveAbort,
  type MoveArg,
} from "../../src/engine/types.js";

export const ADMIN = longAddress(DEVNODE_MODULE_ADDRESS);
export const T0 = 1_700_000_000n;
export const DAY = 86_400n;
export const WEEK = 604_800n;

/** A long-form address from a short hex tag, e.g. addr("a11ce"). */
export const addr = (tag: string): string => longAddress(`0x${tag}`);

/** Arguments in table order from an object keyed by Move parameter name. */
export function argsFor(fn: FunctionName, named: Record<string, MoveArg>): MoveArg[] {
  return FUNCTIONS[fn].params.map((param) => {
    const value = named[param.name];
    if (value === undefined) throw new Error(`test gave no ${param.name} for ${fn}`);
    return value;
  });
}

/**
 * The engine over a real Durable Object SQLite database, with its own bank and a clock the test
 * moves. Each entry call runs in one storage transaction, as the devnode runs a transaction.
 */
export class Ledger {
  readonly engine = new NativePackageEngine();
  readonly bank: SqlBank;
  now = T0;
  /** Events of the last successful entry call. */
  events: EmittedEvent[] = [];
  readonly authKeys = new Map<string, string>();

  constructor(readonly storage: DurableObjectStorage) {
    this.bank = new SqlBank(storage.sql);
    this.engine.init(this.context([]));
  }

  get sql(): SqlStorage {
    return this.storage.sql;
  }

  context(events: EmittedEvent[]): ExecutionContext {
    return {
      sql: this.sql,
      bank: this.bank,
      now: this.now,
      moduleAddress: ADMIN,
      authenticationKey: (a) => this.authKeys.get(longAddress(a)) ?? longAddress(a),
      emit: (event) => events.push(event),
    };
  }

  /** Runs an entry function in one transaction; an abort rolls everything back and rethrows. */
  run(sender: string, fn: EntryFunctionName, named: Record<string, MoveArg> = {}): EmittedEvent[] {
    const events: EmittedEvent[] = [];
    this.storage.transactionSync(() => {
      this.engine.execute(this.context(events), sender, fn, argsFor(fn, named));
    });
    this.events = events;
    return events;
  }

  view(fn: ViewFunctionName, named: Record<string, MoveArg> = {}): JsonValue[] {
    return this.engine.view(this.context([]), fn, argsFor(fn, named));
  }

  /** The single return value of a view. */
  one(fn: ViewFunctionName, named: Record<string, MoveArg> = {}): JsonValue {
    const [value] = this.view(fn, named);
    if (value === undefined) throw new Error(`${fn} returned nothing`);
    return value;
  }

  /** Asserts that the call aborts with exactly that code, at that module. */
  expectAbort(
    sender: string,
    fn: EntryFunctionName,
    named: Record<string, MoveArg>,
    name: AbortName,
    module: ModuleName = FUNCTIONS[fn].module,
  ): void {
    expectMoveAbort(() => this.run(sender, fn, named), name, module);
  }

  fund(address: string, amount: bigint): void {
    this.storage.transactionSync(() => this.bank.mint(address, amount));
  }

  vault(): string {
    return longAddress(String(this.one("vault_address")));
  }

  /** Sum of the amounts of every ESCROW payment, read straight from the table. */
  escrowSum(): bigint {
    let sum = 0n;
    for (const row of this.sql.exec("SELECT amount FROM pkg_payments WHERE status = 0")) {
      sum += BigInt(String(row.amount));
    }
    return sum;
  }
}

export function expectMoveAbort(call: () => unknown, name: AbortName, module: ModuleName): void {
  let thrown: unknown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `expected abort ${name}`).toBeInstanceOf(MoveAbort);
  const abort = thrown as MoveAbort;
  expect({ name: abort.abortName, code: abort.code, location: abort.location }).toEqual({
    name,
    code: abortCode(name),
    location: `${hexLiteral(ADMIN)}::${module}`,
  });
}

/** Runs the body against a fresh Durable Object (its own empty SQLite database). */
export async function withLedger(body: (ledger: Ledger) => void): Promise<void> {
  const stub = env.DEVNODE.get(env.DEVNODE.idFromName(crypto.randomUUID()));
  await runInDurableObject(stub, (_instance, state) => {
    body(new Ledger(state.storage));
  });
}
