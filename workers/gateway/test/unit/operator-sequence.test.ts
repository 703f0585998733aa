import { describe, expect, it } from "vitest";
import { OPERATOR_CONTEXT_KEEP_MS, OperatorSequence } from "../../src/outcome/operator-sequence.js";

/** A node that answers sequence number 7 then whatever `state` says, counting the questions. */
function node(start = 7n) {
  const state = { sequenceNumber: start, gasUnitPrice: 100n, asked: 0 };
  const ask = async () => {
    state.asked += 1;
    return { sequenceNumber: state.sequenceNumber, gasUnitPrice: state.gasUnitPrice };
  };
  return { state, ask };
}

describe("the operator's kept sequence number", () => {
  it("asks the node once, then counts the transactions the node accepted itself", async () => {
    const { state, ask } = node();
    const sequence = new OperatorSequence(() => 0);
    const first = await sequence.next(ask);
    expect(first).toEqual({ sequenceNumber: 7n, gasUnitPrice: 100n });
    sequence.submitted(first.sequenceNumber);
    expect(await sequence.next(ask)).toEqual({ sequenceNumber: 8n, gasUnitPrice: 100n });
    expect(state.asked).toBe(1);
  });

  it("asks again after a transaction that did not commit: it may or may not have used its number", async () => {
    const { state, ask } = node();
    const sequence = new OperatorSequence(() => 0);
    await sequence.next(ask);
    sequence.forget();
    state.sequenceNumber = 9n;
    expect((await sequence.next(ask)).sequenceNumber).toBe(9n);
    expect(state.asked).toBe(2);
  });

  it("asks again once the keep time passed, catching up with another sender of the key", async () => {
    const { state, ask } = node();
    let now = 0;
    const sequence = new OperatorSequence(() => now);
    sequence.submitted((await sequence.next(ask)).sequenceNumber);
    state.sequenceNumber = 12n;
    state.gasUnitPrice = 150n;
    now = OPERATOR_CONTEXT_KEEP_MS;
    expect(await sequence.next(ask)).toEqual({ sequenceNumber: 12n, gasUnitPrice: 150n });
  });

  it("keeps counting past transactions still pending when the keep time passes", async () => {
    // The node answers its committed number; three accepted transactions are not committed yet.
    const { ask } = node();
    let now = 0;
    const sequence = new OperatorSequence(() => now);
    for (let i = 0; i < 3; i += 1) sequence.submitted((await sequence.next(ask)).sequenceNumber);
    now = OPERATOR_CONTEXT_KEEP_MS;
    expect((await sequence.next(ask)).sequenceNumber).toBe(10n);
  });

  it("forgets a number when a submission reports another one than it handed out", async () => {
    const { state, ask } = node();
    const sequence = new OperatorSequence(() => 0);
    await sequence.next(ask);
    sequence.submitted(3n);
    await sequence.next(ask);
    expect(state.asked).toBe(2);
  });
});
