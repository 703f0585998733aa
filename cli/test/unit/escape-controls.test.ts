import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { escapeControls, formatKeyValues, formatTable, toJson } from "../../src/output/format.js";
import { createOutput } from "../../src/output/output.js";
import { processTable } from "../../src/output/views.js";

// Text from the ledger or an agent must not act on the terminal (issue 13, door 8).
const ESC = "\x1b";
const hostileName = `${ESC}[2J${ESC}]8;;https://evil.example${ESC}\\click${ESC}]8;;${ESC}\\\rOK`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters
const ANY_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function capture() {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  return { stream, text: () => text };
}

describe("escapeControls", () => {
  it("shows ESC sequences, OSC-8 links and CR as visible escapes", () => {
    expect(escapeControls(hostileName)).toBe(
      "\\x1b[2J\\x1b]8;;https://evil.example\\x1b\\click\\x1b]8;;\\x1b\\\\rOK",
    );
  });

  it("escapes C1, DEL, BEL, backspace and bidi overrides; keeps tabs and newlines unless single-line", () => {
    expect(escapeControls("a\u009b31mb\u007fc\u0007d\be\u202ef")).toBe(
      "a\\x9b31mb\\x7fc\\x07d\\x08e\\u202ef",
    );
    expect(escapeControls("line 1\n\tline 2")).toBe("line 1\n\tline 2");
    expect(escapeControls("line 1\n\tline 2", { singleLine: true })).toBe("line 1\\n\\tline 2");
  });

  it("leaves ordinary text, accents and emoji alone", () => {
    const text = "Résumé 🚀 — 100% [ok]";
    expect(escapeControls(text)).toBe(text);
  });
});

describe("human output of ledger text", () => {
  it("prints a process named with ESC as escaped text, in a table and through the output", () => {
    const table = processTable([
      {
        id: "p1",
        name: hostileName,
        description: "",
        status: 0,
        owner: "0x1",
        serviceUrl: "https://agent.example",
        paymentAddress: "0x1",
        pricing: null,
        agents: [],
        workflows: [],
        tags: ["a\nb"],
        createdAt: 0n,
        updatedAt: 0n,
      } as unknown as Parameters<typeof processTable>[0][number],
    ]);
    expect(table).not.toMatch(ANY_CONTROL);
    expect(table).toContain("\\x1b[2J");
    // A newline in a cell cannot forge a row.
    expect(table.split("\n")).toHaveLength(2);
    expect(table).toContain("a\\nb");

    const stdout = capture();
    const stderr = capture();
    const out = createOutput({ json: false, stdout: stdout.stream, stderr: stderr.stream });
    out.result({}, () => formatKeyValues([["name", hostileName]]));
    out.note(`log: ${hostileName}`);
    expect(stdout.text()).not.toMatch(ANY_CONTROL);
    expect(stdout.text()).toContain("name  \\x1b[2J");
    expect(stderr.text()).not.toMatch(ANY_CONTROL);
  });

  it("keeps --json parseable and free of raw controls, the string unchanged", () => {
    const name = `${hostileName}\u009b\u007f\u202e`;
    const stdout = capture();
    createOutput({ json: true, stdout: stdout.stream }).result({ name }, () => "unused");
    expect(stdout.text()).not.toMatch(ANY_CONTROL);
    expect(JSON.parse(stdout.text())).toEqual({ name });
    expect(JSON.parse(toJson({ n: 1n }))).toEqual({ n: "1" });
  });

  it("lets a table cell's escapes count toward the column width", () => {
    const table = formatTable(["A", "B"], [[`x${ESC}`, "y"]]);
    expect(table).toBe("A      B\nx\\x1b  y");
  });
});
