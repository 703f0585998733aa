import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig, defineProject } from "vitest/config";

// One project per Worker, each running inside workerd with that Worker's own wrangler config,
// plus a Node project for shared/ and cli/ unit tests and a Node project for end-to-end tests.
const workerProject = (name: string, configPath: string, extra = {}) =>
  defineProject({
    plugins: [cloudflareTest({ wrangler: { configPath }, ...extra })],
    test: { name, include: [`workers/${name}/test/**/*.test.ts`] },
  });

export default defineConfig({
  test: {
    projects: [
      defineProject({
        test: {
          name: "unit",
          environment: "node",
          include: ["shared/test/**/*.test.ts", "cli/test/unit/**/*.test.ts"],
        },
      }),
      // The devnode's faucet and admin functions are off unless configured; its tests use them
      // (the dev clock stays off: tests move it over RPC, and one test checks the HTTP route is off).
      workerProject("ledger", "./workers/ledger/wrangler.jsonc", {
        miniflare: { bindings: { DEV_FAUCET: "true", DEV_ADMIN: "true" } },
      }),
      workerProject("agent", "./workers/agent/wrangler.jsonc"),
      // The gateway runs with the devnode and the echo agent as auxiliary Workers, bundled
      // lazily when the pool starts (see workers/gateway/test/pool/gateway-pool-options.ts).
      defineProject({
        plugins: [
          cloudflareTest(async () =>
            (
              await import("./workers/gateway/test/pool/gateway-pool-options.js")
            ).gatewayPoolOptions(),
          ),
        ],
        test: {
          name: "gateway",
          include: ["workers/gateway/test/**/*.test.ts"],
          testTimeout: 30_000,
          // One devnode serves every file, and one test moves its clock: files run one by one.
          fileParallelism: false,
        },
      }),
      defineProject({
        test: {
          name: "e2e",
          environment: "node",
          include: ["cli/test/e2e/**/*.test.ts", "scripts/test/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      }),
    ],
  },
});
