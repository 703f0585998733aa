import { beforeAll, describe, expect, it } from "vitest";
import { SELF } from "../support/checked-self.js";
import { address, fundedAccount, GATEWAY, testProcess } from "../support/ledger-fixtures.js";

/**
 * Caller data the validator once threw on, sent as raw JSON text (JSON.stringify would escape a
 * lone surrogate into a pair-free `\ud800` anyway, but the point is the parsed string holds one).
 * The echo agent's input schema has `properties` and `additionalProperties`, so every name is
 * looked at. Issue 20, point 7: a validator exception was answered 502 "published input schema
 * cannot be applied", an agent fault.
 */
describe("execute data with lone surrogates", () => {
  let processId: string;
  let user: string;

  beforeAll(async () => {
    processId = await testProcess("free");
    user = address(await fundedAccount(1n));
  });

  const send = (dataText: string) =>
    SELF.fetch(`${GATEWAY}/api/execute/${processId}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"userAddress":"${user}","data":${dataText}}`,
    });

  it.each([
    ["a lone high surrogate as a property name", String.raw`{"\ud800": null}`, { "\ud800": null }],
    ["a lone low surrogate in a value", String.raw`{"a": "\udfff"}`, { a: "\udfff" }],
  ])("runs data with %s (the agent checks it), never a 502", async (_, dataText, echoed) => {
    const res = await send(dataText);
    const body = await res.json<{ status?: string; code?: string; result?: { echo: unknown } }>();
    expect([res.status, body.code]).toEqual([200, undefined]);
    expect(body.result?.echo).toEqual(echoed);
  });

  it("refuses data the schema refuses, with a lone surrogate beside it, as validation_failed", async () => {
    const res = await send(String.raw`{"\udfff": 1, "delayMs": "soon"}`);
    expect(res.status).not.toBe(502);
    expect(await res.json()).toMatchObject({ code: "validation_failed" });
  });
});
