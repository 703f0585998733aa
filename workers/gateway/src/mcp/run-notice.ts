import type { RunLinks } from "#shared/schemas/runs";

/**
 * The `_meta` key that names the run behind a tool call (docs/mcp.md, "Progress"): on the first
 * progress notification and on the tool result, so a client can read the run over HTTP later.
 */
export const RUN_META_KEY = "agentgate/run";

/** What a client needs to read a run later: its id, its URLs and its access token. */
export type RunHandle = { transactionId: string; accessToken: string; links: RunLinks };

/** The first progress message of a tool call (docs/runs contract, "MCP"). */
export function runStartedMessage(run: RunHandle): string {
  return `run ${run.transactionId} started: GET ${run.links.run} with Authorization: Bearer ${run.accessToken}`;
}

export function runMeta(run: RunHandle): Record<string, unknown> {
  const { transactionId, accessToken, links } = run;
  return { [RUN_META_KEY]: { transactionId, accessToken, links } };
}
