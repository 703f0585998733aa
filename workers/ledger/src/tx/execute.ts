import { hexLiteral } from "../engine/move-values.js";
import { type EmittedEvent, type ExecutionContext, MoveAbort } from "../engine/types.js";
import type { NodeContext } from "../node/context.js";
import { NodeError } from "../node/errors.js";
import type { AccountRow, RestEvent } from "../node/store.js";
import type { SenderKey } from "./authenticate.js";
import type { DecodedTransaction } from "./decode.js";
import { GAS_UNIT_PRICE, MAX_GAS_UNITS } from "./gas.js";
import { committedJson, type TransactionRequestJson } from "./render.js";
import type { ResolvedCall } from "./resolve.js";

export interface CommitArgs {
  ctx: NodeContext;
  decoded: DecodedTransaction;
  key: SenderKey;
  call: ResolvedCall;
  request: TransactionRequestJson;
  /** Octas minted to the sender first, in the same SQL transaction (the faucet's own transfers). */
  mintFirst?: bigint;
  /** Run everything, answer the result, keep nothing (POST /v1/transactions/simulate). */
  simulate?: boolean;
}

export interface CommitResult {
  json: Record<string, unknown>;
  version: bigint;
}

/**
 * Thrown inside a simulation's SQL transaction so that it rolls back; carries the answer. Not an
 * Error: commitTransaction catches it at once, and the stack trace an Error captures was 0.5% of
 * the devnode's CPU samples under paid runs (docs/benchmarks.md, "Profiling the devnode under
 * paid runs").
 */
class SimulationDone {
  constructor(readonly result: CommitResult) {}
}

/**
 * The checks the Aptos prologue makes, in its order (after the signature, which the caller
 * verified): gas bounds, expiration, chain id, authentication key, sequence number, and a
 * balance that covers max_gas_amount x gas_unit_price. Any failure rejects the transaction
 * with nothing written. A sequence number ahead of the account is refused (SEQUENCE_NUMBER_TOO_NEW)
 * rather than parked as a mempool would.
 */
function checkPrologue(args: CommitArgs): AccountRow {
  const { ctx, decoded, key, call } = args;
  const raw = decoded.raw;
  if (raw.gas_unit_price < GAS_UNIT_PRICE) {
    throw NodeError.vm(
      "GAS_UNIT_PRICE_BELOW_MIN_BOUND",
      `minimum gas unit price is ${GAS_UNIT_PRICE}`,
    );
  }
  if (raw.max_gas_amount > MAX_GAS_UNITS) {
    throw NodeError.vm("MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND", `bound is ${MAX_GAS_UNITS}`);
  }
  if (raw.max_gas_amount < call.gasUnits) {
    throw NodeError.vm(
      "MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS",
      `${call.functionId} uses ${call.gasUnits} gas units`,
    );
  }
  // Expiration is checked against the wall clock, not the dev clock: clients stamp expirations
  // with their own clock and cannot know how far a test has advanced the ledger's.
  if (BigInt(Math.floor(Date.now() / 1000)) >= raw.expiration_timestamp_secs) {
    throw NodeError.vm("TRANSACTION_EXPIRED");
  }
  if (raw.chain_id.chainId !== ctx.config.chainId) throw NodeError.vm("BAD_CHAIN_ID");
  const account = ctx.store.account(decoded.sender);
  if (key.authenticationKey !== null && key.authenticationKey !== account.authenticationKey) {
    throw NodeError.vm("INVALID_AUTH_KEY");
  }
  if (raw.sequence_number < account.sequenceNumber) throw NodeError.vm("SEQUENCE_NUMBER_TOO_OLD");
  if (raw.sequence_number > account.sequenceNumber) throw NodeError.vm("SEQUENCE_NUMBER_TOO_NEW");
  if (ctx.bank.balance(decoded.sender) < raw.max_gas_amount * raw.gas_unit_price) {
    throw NodeError.vm("INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE");
  }
  return account;
}

/** vm_status of an aborted transaction, in the node's words. */
export function abortStatus(abort: MoveAbort): string {
  const code = `0x${abort.code.toString(16)}`;
  return abort.abortName
    ? `Move abort in ${abort.location}: ${abort.abortName}(${code}): ${abort.message}`
    : `Move abort in ${abort.location}: ${code}`;
}

export function restEvent(type: string, data: RestEvent["data"]): RestEvent {
  return {
    // Module events have no handle: the node prints this placeholder guid for them.
    guid: { creation_number: "0", account_address: "0x0" },
    sequence_number: "0",
    type,
    data,
  };
}

export function executionContext(args: {
  ctx: NodeContext;
  now: bigint;
  events: RestEvent[];
}): ExecutionContext {
  const { ctx, events } = args;
  const moduleLiteral = hexLiteral(ctx.config.moduleAddress);
  return {
    sql: ctx.sql,
    bank: ctx.bank,
    now: args.now,
    moduleAddress: ctx.config.moduleAddress,
    authenticationKey: (address) => ctx.store.account(address).authenticationKey,
    emit: (event: EmittedEvent) => {
      events.push(restEvent(`${moduleLiteral}::${event.module}::${event.name}`, event.data));
    },
  };
}

function runCall(args: CommitArgs, now: bigint, events: RestEvent[]): void {
  const { ctx, decoded, call } = args;
  if (call.kind === "transfer") {
    ctx.bank.transfer(decoded.sender, call.to, call.amount);
    return;
  }
  ctx.engine.execute(executionContext({ ctx, now, events }), decoded.sender, call.name, call.args);
}

/**
 * Validates and commits one transaction atomically: one SQL transaction bumps the sequence
 * number, burns the gas fee and runs the function in a nested transaction (a savepoint), so a
 * Move abort undoes only the function's writes and the transaction is kept as failed, as on
 * Aptos. Synchronous from start to end, so no other request interleaves.
 */
export function commitTransaction(args: CommitArgs): CommitResult {
  const { ctx, decoded, call } = args;
  const raw = decoded.raw;
  const timestampMicros = ctx.clock.nowMicros();
  const now = timestampMicros / 1_000_000n;
  const run = (): CommitResult => {
    if (args.mintFirst !== undefined) ctx.bank.mint(decoded.sender, args.mintFirst);
    const account = checkPrologue(args);
    const version = ctx.version + 1n;
    ctx.store.bumpSequence(decoded.sender, raw.sequence_number + 1n, account.authenticationKey);
    const fee = call.gasUnits * raw.gas_unit_price;
    ctx.bank.burn(decoded.sender, fee);
    let events: RestEvent[] = [];
    let vmStatus = "Executed successfully";
    try {
      ctx.storage.transactionSync(() => runCall(args, now, events));
    } catch (error) {
      if (!(error instanceof MoveAbort)) throw error;
      events = [];
      vmStatus = abortStatus(error);
    }
    events.push(
      restEvent("0x1::transaction_fee::FeeStatement", {
        total_charge_gas_units: call.gasUnits.toString(),
        execution_gas_units: call.gasUnits.toString(),
        io_gas_units: "0",
        storage_fee_octas: "0",
        storage_fee_refund_octas: "0",
      }),
    );
    const json = committedJson({
      request: args.request,
      version,
      gasUsed: call.gasUnits,
      success: vmStatus === "Executed successfully",
      vmStatus,
      events,
      timestampMicros,
    });
    const result = { json, version };
    if (args.simulate) throw new SimulationDone(result);
    ctx.store.insertTransaction(version, decoded.hash, JSON.stringify(json));
    return result;
  };
  try {
    const result = ctx.storage.transactionSync(run);
    ctx.version = result.version;
    return result;
  } catch (error) {
    if (error instanceof SimulationDone) return error.result;
    throw error;
  }
}
