import { env } from "cloudflare:test";
import {
  Account,
  type Ed25519Account,
  Ed25519PrivateKey,
  PrivateKey,
  PrivateKeyVariants,
} from "@aptos-labs/ts-sdk";
import { signCallerProof } from "#shared/auth/caller-proof";
import { createLedgerClient } from "#shared/ledger/client";
import { resolveNetwork } from "#shared/ledger/networks";
import { SELF } from "./checked-self.js";
import {
  TEST_AGENTS,
  TEST_OPERATOR_PRIVATE_KEY,
  TEST_PROCESS_OWNER_PRIVATE_KEY,
} from "./test-secrets.js";

/** The devnode binding, which only the `local` environment the tests run in has. */
export function devnode(): Fetcher {
  if (env.LEDGER === undefined) throw new Error("the gateway tests need the LEDGER binding");
  return env.LEDGER;
}

/** Tests talk to the same devnode as the gateway, over the same binding. */
export const ledger = createLedgerClient({
  network: resolveNetwork({ network: "local" }),
  fetch: (input, init) => devnode().fetch(input, init),
});

export const GATEWAY = "https://gateway.test";
export const PRICE = 1_000n;

export const operator = Account.fromPrivateKey({
  privateKey: new Ed25519PrivateKey(
    PrivateKey.formatPrivateKey(TEST_OPERATOR_PRIVATE_KEY, PrivateKeyVariants.Ed25519),
  ),
});

/** The account that registers the processes the test agents serve (their AGENT_OWNER_ADDRESS). */
export const processOwner = Account.fromPrivateKey({
  privateKey: new Ed25519PrivateKey(
    PrivateKey.formatPrivateKey(TEST_PROCESS_OWNER_PRIVATE_KEY, PrivateKeyVariants.Ed25519),
  ),
});

export function address(account: Account): string {
  return account.accountAddress.toStringLong();
}

export async function fundedAccount(amount = 10_000_000_000n): Promise<Ed25519Account> {
  const account = Account.generate();
  await ledger.fund({ address: address(account), amount });
  return account;
}

let seq = 0;
export function uniqueId(prefix: string): string {
  seq += 1;
  return `${prefix}-${seq}-${crypto.randomUUID().slice(0, 8)}`;
}

export async function registerProcess(args: {
  owner: Account;
  paid?: boolean;
  serviceUrl?: string;
  agents?: string[];
  tags?: string[];
  status?: "active" | "inactive" | "maintenance";
  id?: string;
}): Promise<string> {
  const { processId } = await ledger.registerProcess({
    signer: args.owner,
    id: args.id ?? uniqueId("gw"),
    process: {
      name: "Echo",
      description: "gateway test process",
      serviceUrl: args.serviceUrl ?? "service://ECHO_AGENT",
      agents: args.agents ?? [],
      tags: args.tags ?? ["echo"],
      status: args.status ?? "active",
      ...(args.paid === true ? { pricing: { taskPrice: PRICE, requiresPrepayment: true } } : {}),
    },
  });
  return processId;
}

export async function pay(args: {
  payer: Account;
  processId: string;
  taskId?: string;
}): Promise<string> {
  const taskId = args.taskId ?? uniqueId("task");
  await ledger.makePayment(args.payer, { processId: args.processId, taskId, amount: PRICE });
  return taskId;
}

export async function advanceLedgerClock(seconds: number): Promise<void> {
  const res = await devnode().fetch("http://devnode/dev/clock/advance", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seconds }),
  });
  if (!res.ok) throw new Error(`clock advance failed: ${res.status} ${await res.text()}`);
}

/** The caller-proof headers of a POST to `path` with body `text`, as `signer`. */
export function proofHeaders(args: {
  signer: Ed25519Account;
  path: string;
  text: string;
  timestamp?: number;
  origin?: string;
}) {
  return signCallerProof({
    privateKey: args.signer.privateKey,
    origin: args.origin ?? GATEWAY,
    method: "POST",
    path: args.path,
    body: args.text,
    ...(args.timestamp === undefined ? {} : { timestamp: args.timestamp }),
  });
}

/** POST /api/execute/:processId, signed by `signer` unless told otherwise. */
export async function execute(args: {
  processId: string;
  body: Record<string, unknown>;
  signer?: Ed25519Account | null;
  headers?: Record<string, string>;
  timestamp?: number;
  /** The origin the proof names; the gateway's own unless a test says otherwise. */
  origin?: string;
}): Promise<Response> {
  const path = `/api/execute/${args.processId}`;
  const text = JSON.stringify(args.body);
  const proof =
    args.signer === undefined || args.signer === null
      ? {}
      : await proofHeaders({ ...args, signer: args.signer, path, text });
  return SELF.fetch(`${GATEWAY}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...proof, ...args.headers },
    body: text,
  });
}

export type TestProcessKind = "free" | "paid" | "operated";

const KIND_BINDING: Record<TestProcessKind, keyof typeof TEST_AGENTS> = {
  free: "ECHO_AGENT",
  paid: "ECHO_PAID",
  operated: "ECHO_OPERATED",
};

/** The test owner, funded once per file for its registrations (the devnode's faucet). */
let processOwnerFunded: Promise<void> | null = null;
function fundProcessOwner(): Promise<void> {
  processOwnerFunded ??= ledger
    .fund({ address: address(processOwner), amount: 1_000_000_000n })
    .then(() => undefined);
  return processOwnerFunded;
}

/**
 * One of the processes the echo agents serve (their ids are fixed by the agents' config):
 * registered on first use, reused afterwards. The paid ones list the gateway's operator among
 * their agents, as a paid process must for this gateway to run it; the operator is funded for
 * the gas of its reports.
 */
export async function testProcess(kind: TestProcessKind): Promise<string> {
  const binding = KIND_BINDING[kind];
  const id = TEST_AGENTS[binding];
  if (kind !== "free") await ledger.fund({ address: address(operator), amount: 10_000_000_000n });
  for (let attempt = 0; attempt < 5; attempt++) {
    if ((await ledger.getProcess(id)) !== null) return id;
    try {
      await fundProcessOwner();
      await registerProcess({
        owner: processOwner,
        id,
        serviceUrl: `service://${binding}`,
        paid: kind !== "free",
        agents: kind === "free" ? [] : [address(operator)],
      });
      return id;
    } catch (error) {
      // Another test file registered it first; the next look finds it.
      if (!String(error).includes("EPROCESS_EXISTS")) throw error;
    }
  }
  throw new Error(`could not register ${id}`);
}
