import { describe, expect, it } from "vitest";
import { STRUCTS } from "#shared/contract";
import { AGENT, ALICE, BOB, processFields, RECEIVER, register, STRANGER } from "./fixtures.js";
import { T0, withLedger } from "./ledger.js";

describe("register_process", () => {
  it("makes the signer the owner and returns the record in REST JSON, fields in table order", () =>
    withLedger((ledger) => {
      const events = ledger.run(ALICE, "register_process", {
        id: "p1",
        ...processFields({
          agents: [AGENT],
          tags: ["nlp"],
          workflows: ["wf-1"],
          has_pricing: true,
          task_price: 100n,
          currency: "APT",
          requires_prepayment: true,
        }),
      });
      expect(events).toEqual([
        {
          module: "process_registry",
          name: "ProcessRegistered",
          data: { process_id: "p1", owner: "0xa11ce" },
        },
      ]);
      const process = ledger.one("get_process", { id: "p1" });
      expect(Object.keys(process as object)).toEqual(STRUCTS.Process.fields.map((f) => f.name));
      expect(process).toEqual({
        id: "p1",
        name: "Summarizer",
        description: "Summarizes text",
        owner: "0xa11ce",
        service_url: "https://agent.example/run",
        payment_address: "0xa11ce",
        agents: ["0xa9e47"],
        workflows: ["wf-1"],
        tags: ["nlp"],
        status: 0,
        pricing: { vec: [{ task_price: "100", currency: "APT", requires_prepayment: true }] },
        created_at: String(T0),
        updated_at: String(T0),
      });
      expect(ledger.view("process_exists", { id: "p1" })).toEqual([true]);
      expect(ledger.view("process_exists", { id: "p2" })).toEqual([false]);
    }));

  it("keeps an explicit payment address and ignores pricing parameters without pricing", () =>
    withLedger((ledger) => {
      register(ledger, ALICE, "p1", {
        payment_address: RECEIVER,
        task_price: 5n,
        currency: "USD",
      });
      const process = ledger.one("get_process", { id: "p1" }) as Record<string, unknown>;
      expect(process.payment_address).toBe("0x2ece1");
      expect(process.pricing).toEqual({ vec: [] });
    }));

  it("assigns proc-1, proc-2 for empty ids and reports them in the event", () =>
    withLedger((ledger) => {
      register(ledger, ALICE, "");
      expect(ledger.events[0]?.data.process_id).toBe("proc-1");
      register(ledger, BOB, "");
      expect(ledger.events[0]?.data.process_id).toBe("proc-2");
      expect((ledger.one("get_process", { id: "proc-2" }) as { owner: string }).owner).toBe(
        "0xb0b",
      );
    }));

  it("refuses caller-chosen ids with the proc- prefix", () =>
    withLedger((ledger) => {
      ledger.expectAbort(
        ALICE,
        "register_process",
        { id: "proc-7", ...processFields() },
        "ERESERVED_ID_PREFIX",
      );
    }));

  it("refuses a taken id and keeps a deregistered id reserved", () =>
    withLedger((ledger) => {
      register(ledger, ALICE, "p1");
      ledger.expectAbort(
        BOB,
        "register_process",
        { id: "p1", ...processFields() },
        "EPROCESS_EXISTS",
      );
      ledger.run(ALICE, "deregister_process", { id: "p1" });
      expect(ledger.view("process_exists", { id: "p1" })).toEqual([false]);
      ledger.expectAbort(
        BOB,
        "register_process",
        { id: "p1", ...processFields() },
        "EPROCESS_EXISTS",
      );
      ledger.expectAbort(
        ALICE,
        "register_process",
        { id: "p1", ...processFields() },
        "EPROCESS_EXISTS",
      );
    }));

  it("checks fields before the id is found taken, and the id before the fields", () =>
    withLedger((ledger) => {
      register(ledger, ALICE, "p1");
      ledger.expectAbort(
        BOB,
        "register_process",
        { id: "p1", ...processFields({ name: "" }) },
        "EINVALID_NAME",
      );
      ledger.expectAbort(
        BOB,
        "register_process",
        { id: "bad id", ...processFields({ name: "" }) },
        "EINVALID_ID",
      );
      ledger.expectAbort(
        BOB,
        "register_process",
        {
          id: "p2",
          ...processFields({ agents: Array(17).fill(AGENT), tags: Array(17).fill("t") }),
        },
        "ETOO_MANY_AGENTS",
      );
      ledger.expectAbort(
        BOB,
        "register_process",
        { id: "p2", ...processFields({ workflows: ["x y"], tags: Array(17).fill("t") }) },
        "ETOO_MANY_WORKFLOWS",
      );
      ledger.expectAbort(
        BOB,
        "register_process",
        { id: "p2", ...processFields({ tags: [""], status: 9 }) },
        "EINVALID_TAG",
      );
    }));
});

describe("update_process and deregister_process", () => {
  it("lets only the owner update, replacing every field but id, owner and created_at", () =>
    withLedger((ledger) => {
      register(ledger, ALICE, "p1");
      ledger.now += 50n;
      ledger.expectAbort(
        STRANGER,
        "update_process",
        { id: "p1", ...processFields() },
        "ENOT_PROCESS_OWNER",
      );
      ledger.expectAbort(
        ALICE,
        "update_process",
        { id: "nope", ...processFields() },
        "EPROCESS_NOT_FOUND",
      );
      ledger.expectAbort(
        STRANGER,
        "update_process",
        { id: "p1", ...processFields({ name: "" }) },
        "ENOT_PROCESS_OWNER",
      );
      const events = ledger.run(ALICE, "update_process", {
        id: "p1",
        ...processFields({ name: "Renamed", status: 2, tags: ["a"], payment_address: RECEIVER }),
      });
      expect(events[0]).toEqual({
        module: "process_registry",
        name: "ProcessUpdated",
        data: { process_id: "p1", owner: "0xa11ce", status: 2 },
      });
      expect(ledger.one("get_process", { id: "p1" })).toMatchObject({
        id: "p1",
        name: "Renamed",
        owner: "0xa11ce",
        status: 2,
        tags: ["a"],
        payment_address: "0x2ece1",
        created_at: String(T0),
        updated_at: String(T0 + 50n),
      });
    }));

  it("validates updated fields with the register limits", () =>
    withLedger((ledger) => {
      register(ledger, ALICE, "p1");
      ledger.expectAbort(
        ALICE,
        "update_process",
        { id: "p1", ...processFields({ status: 3 }) },
        "EINVALID_STATUS",
      );
      ledger.expectAbort(
        ALICE,
        "update_process",
        { id: "p1", ...processFields({ has_pricing: true, currency: "USD" }) },
        "EUNSUPPORTED_CURRENCY",
      );
    }));

  it("lets only the owner deregister, and get_process then aborts not found", () =>
    withLedger((ledger) => {
      register(ledger, ALICE, "p1");
      ledger.expectAbort(STRANGER, "deregister_process", { id: "p1" }, "ENOT_PROCESS_OWNER");
      ledger.expectAbort(ALICE, "deregister_process", { id: "p9" }, "EPROCESS_NOT_FOUND");
      const events = ledger.run(ALICE, "deregister_process", { id: "p1" });
      expect(events[0]?.name).toBe("ProcessDeregistered");
      expect(() => ledger.view("get_process", { id: "p1" })).toThrow(/Process not found/);
      ledger.expectAbort(ALICE, "deregister_process", { id: "p1" }, "EPROCESS_NOT_FOUND");
    }));
});

describe("listing", () => {
  const ids = (value: unknown) => (value as { id: string }[]).map((p) => p.id);

  it("lists in registration order and swap-removes on deregistration, globally and per owner", () =>
    withLedger((ledger) => {
      for (const id of ["a", "b", "c", "d"]) register(ledger, ALICE, id);
      register(ledger, BOB, "e");
      ledger.run(ALICE, "deregister_process", { id: "b" });
      expect(ids(ledger.one("list_processes", { start: 0n, limit: 10n }))).toEqual([
        "a",
        "e",
        "c",
        "d",
      ]);
      expect(
        ids(ledger.one("list_processes_by_owner", { owner: ALICE, start: 0n, limit: 10n })),
      ).toEqual(["a", "d", "c"]);
      expect(ledger.view("process_count")).toEqual(["4"]);
      expect(ledger.view("owner_process_count", { owner: ALICE })).toEqual(["3"]);
      expect(ledger.view("owner_process_count", { owner: STRANGER })).toEqual(["0"]);
      ledger.run(ALICE, "deregister_process", { id: "d" });
      expect(ids(ledger.one("list_processes", { start: 1n, limit: 2n }))).toEqual(["e", "c"]);
      expect(
        ids(ledger.one("list_processes_by_owner", { owner: ALICE, start: 0n, limit: 10n })),
      ).toEqual(["a", "c"]);
    }));

  it("caps the page at 100 and returns nothing past the end", () =>
    withLedger((ledger) => {
      for (let i = 0; i < 101; i++) register(ledger, ALICE, `p${i}`);
      expect(ids(ledger.one("list_processes", { start: 0n, limit: 1000n }))).toHaveLength(100);
      expect(ids(ledger.one("list_processes", { start: 100n, limit: 1000n }))).toEqual(["p100"]);
      expect(ledger.one("list_processes", { start: 101n, limit: 10n })).toEqual([]);
      expect(ledger.one("list_processes", { start: (1n << 64n) - 1n, limit: 10n })).toEqual([]);
      expect(ledger.one("list_processes", { start: 0n, limit: 0n })).toEqual([]);
      expect(
        ids(ledger.one("list_processes_by_owner", { owner: ALICE, start: 1n, limit: 500n })),
      ).toHaveLength(100);
    }));
});

describe("change feed", () => {
  it("bumps the revision on every register, update and deregister and lists ids by revision", () =>
    withLedger((ledger) => {
      expect(ledger.view("registry_revision")).toEqual(["0"]);
      register(ledger, ALICE, "a");
      register(ledger, ALICE, "b");
      ledger.run(ALICE, "update_process", { id: "a", ...processFields() });
      ledger.run(ALICE, "deregister_process", { id: "b" });
      expect(ledger.view("registry_revision")).toEqual(["4"]);
      expect(ledger.one("changed_since", { revision: 0n, limit: 100n })).toEqual([
        "a",
        "b",
        "a",
        "b",
      ]);
      expect(ledger.one("changed_since", { revision: 1n, limit: 2n })).toEqual(["b", "a"]);
      expect(ledger.one("changed_since", { revision: 4n, limit: 10n })).toEqual([]);
      expect(ledger.one("changed_since", { revision: 99n, limit: 10n })).toEqual([]);
    }));

  it("caps changed_since at 100 ids", () =>
    withLedger((ledger) => {
      for (let i = 0; i < 101; i++) register(ledger, ALICE, `p${i}`);
      const page = ledger.one("changed_since", { revision: 0n, limit: 500n }) as string[];
      expect(page).toHaveLength(100);
      expect(page[99]).toBe("p99");
    }));

  it("does not bump the revision when a change aborts", () =>
    withLedger((ledger) => {
      register(ledger, ALICE, "a");
      ledger.expectAbort(STRANGER, "deregister_process", { id: "a" }, "ENOT_PROCESS_OWNER");
      expect(ledger.view("registry_revision")).toEqual(["1"]);
    }));
});
