import type { MoveArg } from "../../src/engine/types.js";
import { addr, type Ledger } from "./ledger.js";

export const ALICE = addr("a11ce");
export const BOB = addr("b0b");
export const CAROL = addr("ca201");
export const AGENT = addr("a9e47");
export const STRANGER = addr("5742a");
export const RECEIVER = addr("2ece1");
export const ZERO = addr("0");

/** register/update parameters of a valid active process without pricing. */
export function processFields(overrides: Record<string, MoveArg> = {}): Record<string, MoveArg> {
  return {
    name: "Summarizer",
    description: "Summarizes text",
    service_url: "https://agent.example/run",
    payment_address: ZERO,
    agents: [],
    workflows: [],
    tags: [],
    status: 0,
    has_pricing: false,
    task_price: 0n,
    currency: "",
    requires_prepayment: false,
    ...overrides,
  };
}

export function register(
  ledger: Ledger,
  owner: string,
  id: string,
  overrides: Record<string, MoveArg> = {},
): void {
  ledger.run(owner, "register_process", { id, ...processFields(overrides) });
}

/** A priced process `p1` owned by ALICE with AGENT as its agent; BOB funded with 1 APT. */
export function pricedSetup(ledger: Ledger, overrides: Record<string, MoveArg> = {}): void {
  register(ledger, ALICE, "p1", {
    agents: [AGENT],
    has_pricing: true,
    task_price: 100n,
    currency: "APT",
    requires_prepayment: true,
    ...overrides,
  });
  ledger.fund(BOB, 100_000_000n);
}

export function pay(ledger: Ledger, payer: string, taskId: string, amount = 100n): void {
  ledger.run(payer, "make_payment", { process_id: "p1", task_id: taskId, amount });
}

export function key(taskId: string, payer = BOB): Record<string, MoveArg> {
  return { process_id: "p1", task_id: taskId, payer_addr: payer };
}
