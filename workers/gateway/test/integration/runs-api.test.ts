import type { Ed25519Account } from "@aptos-labs/ts-sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "#shared/schemas/error-response";
import { runStatusResponseSchema } from "#shared/schemas/runs";
import { newTransactionId } from "../../src/execute/transaction-id.js";
import { address, fundedAccount, pay, testProcess } from "../support/ledger-fixtures.js";
import {
  bearer,
  finalRun,
  runPath,
  runProof,
  runRequest,
  startRun,
} from "../support/run-requests.js";

// The runs API through HTTP (docs/gateway.md, "Runs", "Who may read a run"): every answer is
// checked against the routes' declarations by checked-self.ts.

async function refusal(res: Response) {
  return { status: res.status, code: errorResponseSchema.parse(await res.json()).code };
}

describe("reading a run", () => {
  let free: string;
  let user: Ed25519Account;

  beforeAll(async () => {
    free = await testProcess("free");
    user = await fundedAccount(1n);
  });

  it("reads a run started with Prefer: respond-async with its token, to its result", async () => {
    const started = await startRun({
      processId: free,
      body: { userAddress: address(user), data: { hello: "runs" } },
      signer: null,
    });
    expect(started.accessToken).toMatch(/^agr_[0-9a-f]{64}$/);
    const res = await runRequest({
      transactionId: started.transactionId,
      headers: bearer(started.accessToken),
    });
    expect(res.status).toBe(200);
    expect(runStatusResponseSchema.parse(await res.json())).toMatchObject({
      transactionId: started.transactionId,
      processId: free,
      links: started.links,
    });
    const run = await finalRun(started.transactionId, started.accessToken);
    expect(run).toMatchObject({ status: "completed", outcome: null });
    expect(run.result).toMatchObject({ echo: { hello: "runs" } });
  });

  it("refuses no credential (401), another run's token and a made-up one (403)", async () => {
    const body = { userAddress: address(user), data: {} };
    const mine = await startRun({ processId: free, body, signer: null });
    const other = await startRun({ processId: free, body, signer: null });
    const id = mine.transactionId;
    for (const tail of ["", "/events", "/cancel"] as const) {
      expect(await refusal(await runRequest({ transactionId: id, tail }))).toEqual({
        status: 401,
        code: "run_token_required",
      });
      expect(
        await refusal(
          await runRequest({ transactionId: id, tail, headers: bearer(other.accessToken) }),
        ),
      ).toEqual({ status: 403, code: "run_access_denied" });
      expect(
        await refusal(
          await runRequest({ transactionId: id, tail, headers: bearer(`agr_${"0".repeat(64)}`) }),
        ),
      ).toEqual({ status: 403, code: "run_access_denied" });
    }
  });

  it("answers 400 naming the field for a malformed id, 404 for an unknown run", async () => {
    const malformed = await runRequest({ transactionId: "not-a-run", headers: bearer("agr_x") });
    expect(malformed.status).toBe(400);
    expect(errorResponseSchema.parse(await malformed.json()).error).toContain(
      "param.transactionId",
    );
    const unknown = await runRequest({
      transactionId: newTransactionId(),
      headers: bearer(`agr_${"1".repeat(64)}`),
    });
    expect(await refusal(unknown)).toEqual({ status: 404, code: "run_not_found" });
  });
});

describe("reading a paid run by the payer's caller proof", () => {
  let paid: string;

  beforeAll(async () => {
    paid = await testProcess("paid");
  });

  it("grants the payer's fresh proof, refuses its replay (401) and a stranger's proof (403)", async () => {
    const payer = await fundedAccount();
    const stranger = await fundedAccount(1n);
    await pay({ payer, processId: paid });
    const started = await startRun({
      processId: paid,
      body: { userAddress: address(payer), data: { secret: "result" } },
      signer: payer,
    });
    const id = started.transactionId;
    await finalRun(id, started.accessToken);
    const proof = await runProof(payer, "GET", runPath(id));
    const read = await runRequest({ transactionId: id, headers: proof });
    expect(read.status).toBe(200);
    expect(runStatusResponseSchema.parse(await read.json())).toMatchObject({
      status: "completed",
      result: { echo: { secret: "result" } },
      outcome: { delivered: true, reported: true },
    });
    expect(await refusal(await runRequest({ transactionId: id, headers: proof }))).toEqual({
      status: 401,
      code: "unauthorized",
    });
    const strangers = await runProof(stranger, "GET", runPath(id));
    expect(await refusal(await runRequest({ transactionId: id, headers: strangers }))).toEqual({
      status: 403,
      code: "run_access_denied",
    });
    // A proof made to read does not cancel (it signs another method and path).
    const readProof = await runProof(payer, "GET", runPath(id));
    expect(
      await refusal(await runRequest({ transactionId: id, tail: "/cancel", headers: readProof })),
    ).toEqual({ status: 401, code: "unauthorized" });
  });
});
