/**
 * The console's pages, in the URL's fragment (docs/console.md): one page the gateway serves, and
 * links that work on reload and in a new tab.
 */
export type Route =
  | { page: "explore" }
  | { page: "process"; processId: string }
  | { page: "run"; transactionId: string }
  | { page: "payments" }
  | { page: "owner" }
  | { page: "missing" };

export const href = {
  explore: () => "#/",
  process: (processId: string) => `#/processes/${encodeURIComponent(processId)}`,
  run: (transactionId: string) => `#/runs/${encodeURIComponent(transactionId)}`,
  payments: () => "#/payments",
  owner: () => "#/owner",
};

export function routeOf(hash: string): Route {
  const path = hash.replace(/^#/, "");
  if (path === "" || path === "/") return { page: "explore" };
  if (path === "/payments") return { page: "payments" };
  if (path === "/owner") return { page: "owner" };
  const match = /^\/(processes|runs)\/([^/]+)$/.exec(path);
  if (match?.[2] === undefined) return { page: "missing" };
  let id: string;
  try {
    id = decodeURIComponent(match[2]);
  } catch {
    return { page: "missing" };
  }
  return match[1] === "processes"
    ? { page: "process", processId: id }
    : { page: "run", transactionId: id };
}
