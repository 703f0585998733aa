import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { deepImportReason, namesItsFile, scanDeepImports } from "./deep-imports.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));

describe("package surfaces (README.md, Layout)", () => {
  it("no source file imports shared/ or another package's src/ by a relative path", () => {
    const { files, specifiers, found } = scanDeepImports(root);
    // The scan read the tree, not an empty folder.
    expect(files).toBeGreaterThan(200);
    expect(specifiers).toBeGreaterThan(1000);
    const listed = found.map((d) => `${d.file}:${d.line} ${d.specifier} (${d.reason})`);
    expect(listed, "deep imports").toEqual([]);
  });

  it("every relative import names its file with the .js extension (one style everywhere)", () => {
    const { extensionless } = scanDeepImports(root);
    expect(extensionless.map((d) => `${d.file}:${d.line} ${d.specifier}`)).toEqual([]);
    expect(namesItsFile("../engine/move-values")).toBe(false);
    expect(namesItsFile("./commands/run")).toBe(false);
    expect(namesItsFile("../engine/move-values.js")).toBe(true);
    expect(namesItsFile("../../scripts/lib/stack.mjs")).toBe(true);
    expect(namesItsFile("#shared/schemas/address")).toBe(true);
  });

  it("tells a deep import from an allowed one", () => {
    const deep: [string, string][] = [
      ["workers/ledger/src/node/faucet.ts", "../../../../shared/src/errors/validation"],
      ["workers/gateway/src/config.ts", "../../../shared/src/errors/validation.js"],
      ["cli/src/runtime/ledger.ts", "../../../shared/src/ledger/index.js"],
      ["shared/test/errors/codes.test.ts", "../../src/errors/codes.js"],
      [
        "workers/ledger/test/devnode/weak-keys.test.ts",
        "../../../../shared/test/auth/ed25519-vectors",
      ],
      ["workers/gateway/src/app.ts", "../../agent/src/index.js"],
      ["cli/src/commands/run.ts", "../../../workers/gateway/src/app.js"],
      ["bench/gateway/run.ts", "agentgate/shared/src/ledger/index.js"],
    ];
    for (const [file, specifier] of deep) {
      expect(deepImportReason(file, specifier), `${file} -> ${specifier}`).toBeDefined();
    }
    const allowed: [string, string][] = [
      ["workers/gateway/src/config.ts", "#shared/errors/validation"],
      ["shared/src/ledger/client.ts", "../contract/index.js"],
      ["shared/test/auth/caller-proof.test.ts", "./ed25519-vectors.js"],
      ["workers/agent/examples/echo/src/index.ts", "../../../src/index.js"],
      ["workers/gateway/test/unit/config.test.ts", "../../src/config.js"],
      ["bench/cli/run.mjs", "../../scripts/lib/stack.mjs"],
      ["cli/src/main.ts", "citty"],
    ];
    for (const [file, specifier] of allowed) {
      expect(deepImportReason(file, specifier), `${file} -> ${specifier}`).toBeUndefined();
    }
  });
});
