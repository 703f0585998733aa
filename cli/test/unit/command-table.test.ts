import { describe, expect, it } from "vitest";
import { COMMANDS, findCommand } from "../../src/command-table.js";

describe("the command table", () => {
  it("is the one home of each command's name and description: the root help's and the command's own", async () => {
    for (const [name, entry] of Object.entries(COMMANDS)) {
      const command = await entry.load();
      expect(command.meta).toEqual({ name, description: entry.description });
      expect(entry.description.length).toBeGreaterThan(0);
    }
    expect(Object.keys(COMMANDS)).toHaveLength(28);
  });

  it("leaves no second copy in a command module: none sets a meta of its own", async () => {
    for (const name of Object.keys(COMMANDS)) {
      const module: { default: { meta?: unknown } } = await import(`../../src/commands/${name}.ts`);
      expect({ name, meta: module.default.meta }).toEqual({ name, meta: undefined });
    }
  });

  it("finds only its own commands, never an object's inherited keys", () => {
    expect(findCommand("run")).toBe(COMMANDS.run);
    for (const word of ["constructor", "toString", "__proto__", "launch"]) {
      expect(findCommand(word)).toBeUndefined();
    }
  });
});
