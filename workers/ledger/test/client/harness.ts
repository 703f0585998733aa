import { env, SELF } from "cloudflare:test";
import { Account, Ed25519PrivateKey } from "@aptos-labs/ts-sdk";
import { expect } from "vitest";
import type { AbortName } from "#shared/contract/aborts";
import { DEVNODE_ADMIN_PRIVATE_KEY } from "#shared/contract/devnode";
import { createLedgerClient, type LedgerClient } from "#shared/ledger/client";
import { LedgerError } from "#shared/ledger/errors";
import { NETWORK_PRESETS } from "#shared/ledger/networks";
import type { ProcessFields } from "#shared/ledger/registry";

export const APT = 100_000_000n;

/** The shared client on the local preset, its transport the devnode Worker itself (SELF). */
export function devnodeClient(): LedgerClient {
  return createLedgerClient({
    network: NETWORK_PRESETS.local,
    fetch: (input, init) => SELF.fetch(input, init),
  });
}

/** The devnode's admin: the public development key that published the package. */
export const admin = Account.fromPrivateKey({
  privateKey: new Ed25519PrivateKey(DEVNODE_ADMIN_PRIVATE_KEY),
});

export async function fundedAccount(client: LedgerClient, apt = 10n): Promise<Account> {
  const account = Account.generate();
  await client.fund({ address: account.accountAddress.toString(), amount: apt * APT });
  return account;
}

export function addressOf(account: Account): string {
  return account.accountAddress.toStringLong();
}

let counter = 0;
/** Ids unique within a test run, since the devnode's state is shared by a file's tests. */
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/**
 * Moves the devnode's clock forward through its RPC method (the HTTP route
 * POST /dev/clock/advance is served only when DEV_CLOCK is "true", which the test config leaves off).
 */
export async function advanceClock(seconds: number): Promise<bigint> {
  const stub = env.DEVNODE.get(env.DEVNODE.idFromName("devnode"));
  return BigInt(await stub.advanceClock(seconds));
}

export const basicProcess: ProcessFields = {
  name: "Echo",
  description: "says it back",
  serviceUrl: "service://ECHO",
};

export async function registerProcess(
  client: LedgerClient,
  owner: Account,
  fields: Partial<ProcessFields> = {},
): Promise<string> {
  const { processId } = await client.registerProcess({
    signer: owner,
    process: { ...basicProcess, ...fields },
  });
  return processId;
}

/** Awaits `work` and checks it failed with our package's abort `name`, message from the table. */
export async function expectAbort(work: Promise<unknown>, name: AbortName): Promise<LedgerError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected abort ${name}`).toBeInstanceOf(LedgerError);
  const ledgerError = error as LedgerError;
  expect(ledgerError.kind, ledgerError.message).toBe("abort");
  expect(ledgerError.abort?.abortName).toBe(name);
  return ledgerError;
}
