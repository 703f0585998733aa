/**
 * The API reference page: rendered from the OpenAPI document on the server, self-contained (no
 * script, no CDN), so it works offline.
 */
type Json = Record<string, unknown>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function pre(value: unknown): string {
  return `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;
}

function operationHtml(path: string, method: string, op: Json): string {
  const parts = [
    `<section id="${escapeHtml(`${method}-${path}`)}"><h2><span class="m">${method.toUpperCase()}</span> ${escapeHtml(path)}</h2>`,
  ];
  if (typeof op.summary === "string")
    parts.push(`<p><strong>${escapeHtml(op.summary)}</strong></p>`);
  if (typeof op.description === "string") parts.push(`<p>${escapeHtml(op.description)}</p>`);
  if (Array.isArray(op.parameters) && op.parameters.length > 0) {
    const rows = op.parameters
      .filter(isObject)
      .map(
        (p) =>
          `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${p.required === true ? "yes" : "no"}</td><td>${escapeHtml(String(p.description ?? ""))}</td></tr>`,
      );
    parts.push(
      `<table><tr><th>Parameter</th><th>In</th><th>Required</th><th>Notes</th></tr>${rows.join("")}</table>`,
    );
  }
  if (isObject(op.requestBody)) parts.push(`<h3>Request body</h3>${pre(op.requestBody.content)}`);
  if (isObject(op.responses)) {
    for (const [status, response] of Object.entries(op.responses)) {
      const description = isObject(response) ? String(response.description ?? "") : "";
      parts.push(`<h3>${escapeHtml(status)}: ${escapeHtml(description)}</h3>`);
    }
  }
  parts.push("</section>");
  return parts.join("\n");
}

export function docsPageHtml(document: Json): string {
  const info = isObject(document.info) ? document.info : {};
  const paths = isObject(document.paths) ? document.paths : {};
  const sections: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (isObject(op)) sections.push(operationHtml(path, method, op));
    }
  }
  const components = isObject(document.components) ? document.components.schemas : {};
  const schemas = isObject(components)
    ? Object.entries(components).map(
        ([id, schema]) =>
          `<section id="schema-${escapeHtml(id)}"><h3>${escapeHtml(id)}</h3>${pre(schema)}</section>`,
      )
    : [];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(String(info.title ?? "API"))}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#222}
pre{background:#f5f5f5;padding:.75rem;overflow:auto;font-size:13px}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left}
.m{display:inline-block;min-width:4rem;font-family:monospace;color:#fff;background:#3b6;padding:0 .4rem;border-radius:3px}
section{border-bottom:1px solid #eee;padding-bottom:1rem}
</style></head><body>
<h1>${escapeHtml(String(info.title ?? "API"))}</h1>
<p>${escapeHtml(String(info.description ?? ""))}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${escapeHtml(String(document.openapi ?? ""))})</p>
${sections.join("\n")}
<h2>Schemas</h2>
${schemas.join("\n")}
</body></html>`;
}
