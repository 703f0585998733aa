import { sha256 } from "@noble/hashes/sha2";
import { scalarBundle } from "./scalar-bundle.js";

/**
 * The API reference page: the OpenAPI document rendered in the browser by Scalar's reference
 * UI, whose bundle and the document are both inlined, so the page loads nothing else and works
 * offline (docs/gateway.md, "The OpenAPI document"). Everything that would reach the network
 * is off: default web fonts, telemetry and the AI agent.
 */

// `</script` inside inline JavaScript would end the element early; `<\/script` means the same
// in every JavaScript context it can appear in (strings, templates, regular expressions, comments).
// The source map comment is dropped: the map is not served.
function inlineScript(code: string): string {
  return code
    .replace(/<\/script/gi, "<\\/script")
    .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
}

// JSON inside <script type="application/json">: `<` escaped keeps the element closed.
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

const OPTIONS = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: "never",
  hideClientButton: false,
};

const START = `Scalar.createApiReference("#app", Object.assign(${JSON.stringify(OPTIONS)}, {
  content: JSON.parse(document.getElementById("openapi-document").textContent),
}));`;

/** A CSP source that allows exactly this inline script and no other. */
function scriptHash(code: string): string {
  const digest = sha256(new TextEncoder().encode(code));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

export type DocsPage = { html: string; csp: string };

/**
 * The page and its Content-Security-Policy. The page shares its origin with the console, whose
 * development wallet keeps a key in the browser's storage (docs/console.md), so only the page's
 * own two scripts run (by hash), it may call this origin only, and nothing frames it. Scalar
 * styles its elements inline, which `style-src` allows; styles cannot run code.
 */
export function docsPage(document: unknown): DocsPage {
  const bundle = inlineScript(scalarBundle);
  const csp = [
    "default-src 'none'",
    `script-src ${scriptHash(bundle)} ${scriptHash(START)}`,
    "style-src 'self' 'unsafe-inline'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>agentgate gateway API</title>
</head>
<body>
<div id="app"></div>
<script id="openapi-document" type="application/json">${inlineJson(document)}</script>
<script>${bundle}</script>
<script>${START}</script>
</body>
</html>
`;
  return { html, csp };
}
