import { processIdSchema } from "#shared/schemas/ids";

/**
 * A tool's name is its process's id, unchanged (docs/mcp.md, "Tool names"): process ids are 1..64
 * characters of `[A-Za-z0-9._-]`, all of which MCP allows in tool names (up to 128), so the
 * mapping is the identity, trivially unique and reversible, and the name a model sees is the id
 * the CLI takes (`agentgate release -i <tool name>`).
 */
export function toolNameOf(processId: string): string {
  return processId;
}

/** The process a tool name stands for; null when no process could have that name. */
export function processIdOfTool(name: string): string | null {
  return processIdSchema.safeParse(name).success ? name : null;
}
