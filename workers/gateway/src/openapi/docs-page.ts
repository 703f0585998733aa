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

export function docsPageHtml(document: unknown): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>agentgate gateway API</title>
</head>
<body>
<div id="app"></div>
<script id="openapi-document" type="application/json">${inlineJson(document)}</script>
<script>${inlineScript(scalarBundle)}</script>
<script>
Scalar.createApiReference("#app", Object.assign(${JSON.stringify(OPTIONS)}, {
  content: JSON.parse(document.getElementById("openapi-document").textContent),
}));
</script>
</body>
</html>
`;
}
