import { Account, Ed25519PrivateKey } from "@aptos-labs/ts-sdk";
import { describe, expect, it } from "vitest";
import { verifyCallerProof } from "#shared/auth/caller-proof";
import type { RunStatusResponse } from "#shared/schemas/runs";
import { CliError } from "../../src/errors/cli-error.js";
import { answerOfRun } from "../../src/run/run-answer.js";
import {
  chooseRunCredentials,
  credentialHeaders,
  freshProofSecond,
} from "../../src/runs/run-credentials.js";
import { Ed25519Signer } from "../../src/runtime/ed25519-signer.js";

const TOKEN = `agr_${"ab".repeat(32)}`;
const key = Ed25519PrivateKey.generate();
const signer = new Ed25519Signer(key.toUint8Array());
const noKey = () => undefined;

describe("the credentials of watch, result and cancel-run", () => {
  it("prefer --token, then the kept token, then the key's caller proof", () => {
    const other = `agr_${"cd".repeat(32)}`;
    const args = { transactionId: "tx-1", signer: () => signer };
    expect(chooseRunCredentials({ ...args, flag: TOKEN, stored: other })).toEqual({
      kind: "token",
      token: TOKEN,
    });
    expect(chooseRunCredentials({ ...args, flag: undefined, stored: other })).toEqual({
      kind: "token",
      token: other,
    });
    expect(chooseRunCredentials({ ...args, flag: undefined, stored: undefined })).toEqual({
      kind: "proof",
      signer,
    });
  });

  it("refuse a token not shaped as the gateway's before sending it (no header injection)", () => {
    for (const flag of [
      "secret",
      `${TOKEN}\r\nx-admin: 1`,
      "agr_short",
      `agr_${"a".repeat(300)}`,
    ]) {
      expect(() =>
        chooseRunCredentials({ transactionId: "tx-1", flag, stored: undefined, signer: noKey }),
      ).toThrow(/--token: not a run access token/);
    }
  });

  it("say what to give when there is neither token nor key, as a usage error", () => {
    let error: unknown;
    try {
      chooseRunCredentials({
        transactionId: "tx-1",
        flag: undefined,
        stored: undefined,
        signer: noKey,
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CliError);
    expect(error).toMatchObject({
      kind: "usage",
      message: expect.stringMatching(/no access token kept for run tx-1: pass --token/),
    });
  });

  it("send a token as a Bearer, and sign a caller proof over the method and path with an empty body", async () => {
    const url = new URL("http://127.0.0.1:8787/api/runs/tx-1/cancel");
    expect(await credentialHeaders({ kind: "token", token: TOKEN }, "POST", url)).toEqual({
      authorization: `Bearer ${TOKEN}`,
    });
    const headers = await credentialHeaders({ kind: "proof", signer }, "POST", url);
    const check = await verifyCallerProof({
      headers: new Headers(headers),
      origin: url.origin,
      method: "POST",
      path: url.pathname,
      body: "",
      authenticationKey: Account.fromPrivateKey({ privateKey: key }).publicKey.authKey().toString(),
    });
    expect(check.ok).toBe(true);
  });
});

describe("the seconds of caller proofs", () => {
  it("never repeat within one process, so a quick reconnect's proof is not a replay of the last", async () => {
    const url = new URL("http://127.0.0.1:8787/api/runs/tx-1/events");
    const first = await credentialHeaders({ kind: "proof", signer }, "GET", url);
    const second = await credentialHeaders({ kind: "proof", signer }, "GET", url);
    expect(second["x-agentgate-caller-signature"]).not.toBe(first["x-agentgate-caller-signature"]);
    expect(Number(second["x-agentgate-caller-timestamp"])).toBeGreaterThan(
      Number(first["x-agentgate-caller-timestamp"]),
    );
    // A clock that went back still gets a later second, without waiting for the clock.
    const started = Date.now();
    const later = await freshProofSecond(() => 1_000_000);
    expect(later).toBe(Number(second["x-agentgate-caller-timestamp"]) + 1);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe("a final run as run's answer", () => {
  const NOW = "2026-11-26T07:00:00.000Z";
  const run = (over: Partial<RunStatusResponse>): RunStatusResponse => ({
    success: true,
    transactionId: "tx-1",
    processId: "echo",
    status: "completed",
    taskId: null,
    progress: null,
    outcome: null,
    createdAt: NOW,
    startedAt: NOW,
    endedAt: NOW,
    expiresAt: NOW,
    links: { run: "r", events: "e", cancel: "c" },
    timestamp: NOW,
    ...over,
  });

  it("is SPEC's execute body: completed with its result, failed or canceled with the error", () => {
    expect(answerOfRun(run({ result: { a: 1 } }))).toEqual({
      success: true,
      transactionId: "tx-1",
      processId: "echo",
      status: "completed",
      result: { a: 1 },
      timestamp: NOW,
    });
    expect(
      answerOfRun(run({ status: "failed", error: "boom", code: "agent_failed" })),
    ).toMatchObject({
      success: false,
      status: "failed",
      error: "boom",
      code: "agent_failed",
    });
    expect(answerOfRun(run({ status: "canceled" }))).toMatchObject({
      success: false,
      status: "canceled",
    });
  });

  it("refuses a run that is not final, or completed without its result", () => {
    expect(() => answerOfRun(run({ status: "working" }))).toThrow(/ended it as working/);
    expect(() => answerOfRun(run({}))).toThrow(/without its result/);
  });
});
