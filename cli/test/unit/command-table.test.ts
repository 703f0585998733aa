import { describe, expect, it } from "vitest";
import { COMMANDS, findCommand } from "../../src/command-table";

describe("the command table", () => {
  it("gives every command its name and description: the root help and the command's own agree", async () => {
    for (const [name, entry] of Object.entries(COMMANDS)) {
      const command = await entry.load();
      const meta = typeof command.meta === "function" ? await command.meta() : await command.meta;
      expect({ name: meta?.name, description: meta?.description }).toEqual({
        name,
        description: entry.description,
      });
      expect(entry.description.length).toBeGreaterThan(0);
    }
    expect(Object.keys(COMMANDS)).toHaveLength(22);
  });

  it("finds only its own commands, never an object's inherited keys", () => {
    expect(findCommand("run")).toBe(COMMANDS.run);
    for (const word of ["constructor", "toString", "__proto__", "launch"]) {
      expect(findCommand(word)).toBeUndefined();
    }
  });
});
