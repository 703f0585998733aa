import type { ProcessSchemaResponse } from "#shared/schemas/gateway";
import type { Process } from "#shared/schemas/process";
import { getProcess, getProcessSchema } from "./api.js";
import { CopyText } from "./copy-text.js";
import { JsonTree } from "./json-tree.js";
import { PageTitle, Problem } from "./page-parts.js";
import { priceText } from "./price.js";
import { RunSection } from "./run-section.js";
import { httpSnippet, mcpSnippet } from "./snippets.js";
import { type Loaded, useApi } from "./use-api.js";

function Details({ process }: { process: Process }) {
  return (
    <dl class="details">
      <dt>Description</dt>
      <dd>{process.description || "No description."}</dd>
      <dt>Owner</dt>
      <dd class="address">{process.owner}</dd>
      <dt>Price per run</dt>
      <dd>{priceText(process)}</dd>
      <dt>Tags</dt>
      <dd>{process.tags.length === 0 ? "None" : process.tags.join(", ")}</dd>
      <dt>Status</dt>
      <dd>{process.status}</dd>
    </dl>
  );
}

function Schemas({ schema }: { schema: Loaded<ProcessSchemaResponse> }) {
  if (schema.state === "loading") return <p role="status">Loading its schemas…</p>;
  if (!schema.ok) return <p>No schema: {schema.message}</p>;
  return (
    <>
      <h3>Input</h3>
      <JsonTree value={schema.value.inputSchema} label="Input schema" />
      <h3>Output</h3>
      {schema.value.outputSchema === undefined ? (
        <p>The agent publishes no output schema.</p>
      ) : (
        <JsonTree value={schema.value.outputSchema} label="Output schema" />
      )}
    </>
  );
}

/** A process's page (docs/console.md): what it is, its schemas, how to call it, and a run. */
export function ProcessPage({ processId }: { processId: string }) {
  const process = useApi(() => getProcess(processId), `process:${processId}`);
  const schema = useApi(() => getProcessSchema(processId), `schema:${processId}`);
  if (process.state === "loading") return <PageTitle title="Process" busy />;
  if (!process.ok) return <Problem title="Process" message={process.message} />;
  const found = process.value.process;
  const origin = location.origin;
  return (
    <section>
      <PageTitle title={found.name} />
      <p class="meta">
        Process <code>{found.id}</code>
      </p>
      <Details process={found} />
      <h2>Run it</h2>
      <RunSection process={found} schema={schema} />
      <h2>Schemas</h2>
      <Schemas schema={schema} />
      <h2>Endpoints</h2>
      <CopyText
        label="HTTP request"
        text={httpSnippet({ origin, processId: found.id, data: {} })}
      />
      <CopyText label="MCP client configuration" text={mcpSnippet({ origin })} />
      <p>
        Over MCP the process is the tool <code>{found.id}</code>. The full API reference is at{" "}
        <a href="/docs">/docs</a>.
      </p>
    </section>
  );
}
