#!/usr/bin/env node
// Bundles the CLI into cli/dist/agentgate.mjs (the package's `bin`). Code splitting keeps each
// command, and the ledger SDK it needs, in its own chunk, so `agentgate --help` loads only the
// small entry chunk.
import { readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const outdir = join(here, "dist");
const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/**
 * Two SDK dependencies the CLI never calls cost most of its start-up: poseidon-lite (keyless
 * accounts) converts thousands of constants when loaded, and aptos-client (the SDK's default
 * HTTP client) loads `got`, while the ledger client brings its own fetch. Each is replaced by a
 * module that loads the real one on first use, so behaviour is unchanged if one is ever called.
 */
const POSEIDON_ARITIES = Array.from({ length: 16 }, (_, i) => i + 1);
const lazyModules = {
  "poseidon-lite": [
    "let real;",
    'const load = () => (real ??= require("poseidon-lite"));',
    ...POSEIDON_ARITIES.map(
      (n) => `export const poseidon${n} = (inputs) => load().poseidon${n}(inputs);`,
    ),
  ].join("\n"),
  "@aptos-labs/aptos-client": [
    "export default async function aptosClient(options) {",
    '  const real = await import("@aptos-labs/aptos-client");',
    "  return real.default(options);",
    "}",
  ].join("\n"),
};

const lazyDependencies = {
  name: "lazy-dependencies",
  setup(b) {
    const filter = new RegExp(
      `^(${Object.keys(lazyModules)
        .map((m) => m.replace(/[/.-]/g, "\\$&"))
        .join("|")})$`,
    );
    b.onResolve({ filter }, (args) => {
      // The lazy module's own import must reach the real package. poseidon-lite stays outside
      // the bundle (resolved from the installed dependencies on first use), so its 600 KB of
      // constants are not even parsed by runs that never need it.
      if (args.namespace === "lazy") {
        return args.path === "poseidon-lite" ? { path: args.path, external: true } : undefined;
      }
      return { path: args.path, namespace: "lazy" };
    });
    b.onLoad({ filter: /.*/, namespace: "lazy" }, (args) => ({
      contents: lazyModules[args.path],
      loader: "js",
      resolveDir: root,
    }));
  },
};

/**
 * zod's namespace export carries every translation of its error messages, half of zod's size
 * in the bundle; the CLI speaks English only, so `z.locales` keeps just `en`, which is also
 * zod's default.
 */
const englishOnlyZodLocales = {
  name: "english-only-zod-locales",
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => {
      if (!args.importer.includes(`${join("node_modules", "zod")}`)) return undefined;
      return { path: join(args.resolveDir, "..", "locales", "index.js"), namespace: "zod-locales" };
    });
    b.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      loader: "js",
      resolveDir: dirname(args.path),
    }));
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { agentgate: join(here, "src", "main.ts") },
  outdir,
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minifySyntax: true,
  minifyWhitespace: true,
  plugins: [lazyDependencies, englishOnlyZodLocales],
  banner: {
    // The shebang makes the file runnable as `agentgate`; createRequire serves CommonJS
    // dependencies of the SDK that call require() for Node built-ins.
    js: [
      "#!/usr/bin/env node",
      'import { createRequire as __agentgateCreateRequire } from "node:module";',
      "const require = __agentgateCreateRequire(import.meta.url);",
    ].join("\n"),
  },
  define: { AGENTGATE_VERSION: JSON.stringify(version) },
  legalComments: "none",
  logLevel: "warning",
});
