/**
 * The console's page (docs/console.md): an empty shell the bundle renders into. Its script and
 * stylesheet come from this origin only, and the page may call this origin only.
 */
export const CONSOLE_PATH = "/console";
export const CONSOLE_SCRIPT_PATH = "/console/console.js";
export const CONSOLE_STYLE_PATH = "/console/console.css";

/**
 * What every console answer allows: scripts, styles and calls to this origin, nothing inline,
 * nothing framed, no form posted elsewhere.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const consolePageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>agentgate console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${CONSOLE_STYLE_PATH}">
<script type="module" src="${CONSOLE_SCRIPT_PATH}"></script>
</head>
<body>
<div id="console"><p>Loading the console…</p></div>
<noscript><p>The console needs JavaScript. The API reference is at <a href="/docs">/docs</a>.</p></noscript>
</body>
</html>
`;
