import { hexToBytes } from "@noble/hashes/utils";
import { callApi } from "./api.js";
import { type Guard, isRecord } from "./guards.js";

/**
 * The ledger as the console reads and writes it: the fullnode's REST API (shared/docs/
 * aptos-node-api.md) through the gateway's ledger relay on this origin (docs/console.md, "The
 * ledger relay"). Answers are values: the checked body, or the node's message.
 */
const LEDGER = "/console/ledger/v1";
const BCS = "application/x.aptos.signed_transaction+bcs";

/** A relayed call: the gateway's own answers and the node's, errors in their own words. */
const ask = <T>(path: string, guard: Guard<T>, init?: RequestInit) =>
  callApi({ path: `${LEDGER}${path}`, guard, ...(init === undefined ? {} : { init }) });

export type LedgerInfo = { chain_id: number; ledger_timestamp: string };
const isLedgerInfo: Guard<LedgerInfo> = (v): v is LedgerInfo =>
  isRecord(v) && typeof v.chain_id === "number" && typeof v.ledger_timestamp === "string";

export const ledgerInfo = () => ask("", isLedgerInfo);

const isAccount: Guard<{ sequence_number: string }> = (v): v is { sequence_number: string } =>
  isRecord(v) && typeof v.sequence_number === "string";

export const accountInfo = (address: string) => ask(`/accounts/${address}`, isAccount);

/** A committed user transaction, the fields the console reads. */
export type UserTransaction = {
  hash: string;
  sender: string;
  success: boolean;
  sequence_number: string;
  timestamp: string;
  payload: { function?: string; arguments?: unknown[] };
};
const isUserTransaction: Guard<UserTransaction> = (v): v is UserTransaction =>
  isRecord(v) &&
  typeof v.hash === "string" &&
  typeof v.sender === "string" &&
  typeof v.success === "boolean" &&
  typeof v.sequence_number === "string" &&
  isRecord(v.payload);
/** A JSON array, its items checked where they are read. */
const isArray: Guard<unknown[]> = (v): v is unknown[] => Array.isArray(v);

/** One page of the account's own transactions from sequence number `start`, else its latest. */
export async function accountTransactions(args: {
  address: string;
  start: bigint | null;
  limit: number;
}) {
  const from = args.start === null ? "" : `start=${args.start}&`;
  const page = await ask(
    `/accounts/${args.address}/transactions?${from}limit=${args.limit}`,
    isArray,
  );
  return page.ok ? { ok: true as const, value: page.value.filter(isUserTransaction) } : page;
}

/** A view function's values, its arguments in the REST API's JSON. */
export const view = (args: { function: string; arguments: unknown[] }) =>
  ask("/view", isArray, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      function: args.function,
      type_arguments: [],
      arguments: args.arguments,
    }),
  });

const isSimulation: Guard<UserTransaction[]> = (v): v is UserTransaction[] =>
  Array.isArray(v) && v.every(isRecord);

/** A SignedTransaction's hex as a request body. */
const bcsBody = (signedHex: string) =>
  new Blob([Uint8Array.from(hexToBytes(signedHex.replace(/^0x/, "")))]);

/** Simulates a SignedTransaction (its signature need not be valid): what it would do. */
export const simulate = (signedHex: string) =>
  ask("/transactions/simulate", isSimulation, {
    method: "POST",
    headers: { "content-type": BCS },
    body: bcsBody(signedHex),
  });

const isPending: Guard<{ hash: string }> = (v): v is { hash: string } =>
  isRecord(v) && typeof v.hash === "string";

export const submit = (signedHex: string) =>
  ask("/transactions", isPending, {
    method: "POST",
    headers: { "content-type": BCS },
    body: bcsBody(signedHex),
  });

export const transactionByHash = (hash: string) =>
  ask(`/transactions/by_hash/${hash}`, isUserTransaction);

/** The committed transaction, once the node has it (its own long poll). */
export const waitForTransaction = (hash: string) =>
  ask(`/transactions/wait_by_hash/${hash}`, isUserTransaction);
