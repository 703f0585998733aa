import { z } from "zod";
import { formatZodIssue } from "#shared/errors/validation";
import { addressSchema } from "#shared/schemas/address";
import { tagSchema } from "#shared/schemas/process";

/**
 * tools/list answers at most this many tools per page unless `?limit=` says fewer: each tool's
 * input schema is asked from its agent (cached a minute), so a page costs a subrequest per tool
 * at worst, and Workers cap subrequests per request (docs/mcp.md, "Paging").
 */
export const MCP_PAGE_SIZE_MAX = 50;

/**
 * What the /mcp URL's query sets for every message of the connection (docs/mcp.md, "Filters"):
 * MCP clients are configured with one URL and most cannot add parameters of their own, so the
 * list filters of GET /api/processes, the page size and the caller's address ride there.
 */
const mcpQuerySchema = z.object({
  owner: addressSchema.optional(),
  tag: tagSchema.optional(),
  limit: z
    .string()
    .regex(/^[1-9][0-9]?$/, {
      message: `must be an integer 1..${MCP_PAGE_SIZE_MAX}`,
      abort: true,
    })
    .transform(Number)
    .pipe(z.int().min(1).max(MCP_PAGE_SIZE_MAX))
    .optional(),
  userAddress: addressSchema.optional(),
});

export type McpQuery = z.output<typeof mcpQuerySchema>;

export function parseMcpQuery(
  query: Record<string, string>,
): { ok: true; query: McpQuery } | { ok: false; message: string } {
  const parsed = mcpQuerySchema.safeParse(query);
  if (parsed.success) return { ok: true, query: parsed.data };
  return { ok: false, message: formatZodIssue(parsed.error.issues, "query") };
}
