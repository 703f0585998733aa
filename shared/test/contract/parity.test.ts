import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ABORT_CODES, type AbortName, abortCode } from "#shared/contract";
import { checkParity } from "./check-parity.js";

const sourcesDir = new URL("../../../move/sources/", import.meta.url);
const readmeUrl = new URL("../../../move/README.md", import.meta.url);

function readSources(): Record<string, string> {
  const files = readdirSync(sourcesDir).filter((f) => f.endsWith(".move"));
  return Object.fromEntries(files.map((f) => [f, readFileSync(new URL(f, sourcesDir), "utf8")]));
}

/** A copy of the sources with one exact substring of one file replaced (it must occur once). */
function withEdit(file: string, from: string, to: string): Record<string, string> {
  const sources = readSources();
  const text = sources[file] ?? "";
  expect(text.split(from).length - 1).toBe(1);
  return { ...sources, [file]: text.replace(from, to) };
}

describe("Move sources agree with the contract table", () => {
  it("reads all three modules", () => {
    expect(Object.keys(readSources()).sort()).toEqual([
      "payment.move",
      "process_registry.move",
      "workflow.move",
    ]);
  });

  it("declares every abort code, limit, status, function, struct and event as the table says", () => {
    expect(checkParity(readSources())).toEqual([]);
  });

  it("lists every abort code in move/README.md with its reason, category, code and message", () => {
    const readme = readFileSync(readmeUrl, "utf8");
    for (const [name, row] of Object.entries(ABORT_CODES)) {
      const code = `0x${abortCode(name as AbortName).toString(16)}`;
      expect(readme).toContain(
        `| ${name} | ${row.reason} | ${row.category} | ${code} | ${row.message} |`,
      );
    }
  });
});

describe("the parity check catches drift on either side", () => {
  it("reports a parameter whose type changed in the Move source", () => {
    const sources = withEdit(
      "payment.move",
      "amount: u64,\n    ) acquires PaymentStore {",
      "amount: u128,\n    ) acquires PaymentStore {",
    );
    const problems = checkParity(sources);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("payment::make_payment");
    expect(problems[0]).toContain("amount: u128");
  });

  it("reports an abort constant whose value changed", () => {
    const sources = withEdit(
      "payment.move",
      "const EZERO_AMOUNT: u64 = 23;",
      "const EZERO_AMOUNT: u64 = 24;",
    );
    expect(checkParity(sources)).toEqual(["payment::EZERO_AMOUNT = 24, the table says 23"]);
  });

  it("reports an abort raised with the wrong category", () => {
    const sources = withEdit(
      "payment.move",
      "error::invalid_argument(EZERO_AMOUNT)",
      "error::invalid_state(EZERO_AMOUNT)",
    );
    const problems = checkParity(sources);
    expect(problems).toContain(
      "payment: error::invalid_state(EZERO_AMOUNT), the table says invalid_argument",
    );
  });

  it("reports an assert with a bare numeric code", () => {
    const sources = withEdit("payment.move", "error::invalid_argument(EZERO_AMOUNT)", "23");
    expect(checkParity(sources)).toContain(
      'payment: assert! with code "23" instead of error::<category>(ENAME)',
    );
  });

  it("reports a limit whose value changed", () => {
    const sources = withEdit(
      "workflow.move",
      "const MAX_TASKS: u64 = 64;",
      "const MAX_TASKS: u64 = 65;",
    );
    expect(checkParity(sources)).toEqual([
      "workflow::MAX_TASKS: u64 = 65, the table says u64 = 64",
    ]);
  });

  it("reports a view whose return type changed", () => {
    const sources = withEdit(
      "payment.move",
      "public fun refund_window(): u64",
      "public fun refund_window(): u128",
    );
    expect(checkParity(sources)).toEqual([
      "payment::refund_window returns (u128), the table says (u64)",
    ]);
  });

  it("reports a struct field that moved", () => {
    const sources = withEdit(
      "payment.move",
      "        amount: u64,\n        outcome: u8,\n        settle_time: u64,",
      "        outcome: u8,\n        amount: u64,\n        settle_time: u64,",
    );
    const problems = checkParity(sources);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("payment::OpenPayment");
  });

  it("reports an event that lost its #[event] attribute", () => {
    const sources = withEdit(
      "workflow.move",
      "#[event]\n    struct WorkflowCompleted",
      "struct WorkflowCompleted",
    );
    expect(checkParity(sources)).toEqual(["workflow::WorkflowCompleted lacks #[event]"]);
  });

  it("reports an entry function that is not in the table", () => {
    const sources = withEdit(
      "workflow.move",
      "    // Views\n",
      "    // Views\n    public entry fun surprise(owner: &signer) { let _ = owner; }\n",
    );
    expect(checkParity(sources)).toEqual(["workflow::surprise is not in the function table"]);
  });

  it("reports a table entry whose function was renamed in the source", () => {
    const sources = withEdit(
      "process_registry.move",
      "public fun process_count(): u64",
      "public fun count_processes(): u64",
    );
    expect(checkParity(sources)).toEqual([
      "process_registry::count_processes is not in the function table",
      "process_registry::process_count is in the table but not in the source",
    ]);
  });

  it("reports a vault seed that differs from the one the devnode derives the vault from", () => {
    const sources = withEdit(
      "process_registry.move",
      'const VAULT_SEED: vector<u8> = b"agent_platform::escrow_vault";',
      'const VAULT_SEED: vector<u8> = b"agent_platform::escrow_vault2";',
    );
    expect(checkParity(sources)).toEqual([
      'process_registry::VAULT_SEED: vector<u8> = b"agent_platform::escrow_vault2", the table says vector<u8> = b"agent_platform::escrow_vault"',
    ]);
  });

  it("reports the late-outcome abort raised with another category", () => {
    const sources = withEdit(
      "payment.move",
      "error::invalid_state(EOUTCOME_TOO_LATE));\n        assert!(\n            vector::length(&result_hash)",
      "error::invalid_argument(EOUTCOME_TOO_LATE));\n        assert!(\n            vector::length(&result_hash)",
    );
    expect(checkParity(sources)).toContain(
      "payment: error::invalid_argument(EOUTCOME_TOO_LATE), the table says invalid_state",
    );
  });

  it("ignores comments and layout", () => {
    const sources = withEdit(
      "payment.move",
      "public entry fun release_payment(payer: &signer, process_id: String, task_id: String)",
      "public   entry /* note */ fun release_payment(\n payer : & signer, // who pays\n process_id :String,\n task_id: String ,\n)",
    );
    expect(checkParity(sources)).toEqual([]);
  });
});
