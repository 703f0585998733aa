import type { ProcessListResponse, ProcessSchemaResponse } from "#shared/schemas/gateway";
import type { Process } from "#shared/schemas/process";
import type { RunAcceptedResponse } from "#shared/schemas/runs";
import { type Guard, isRecord } from "./guards.js";

/**
 * The gateway's public API as the console calls it (docs/gateway.md), same origin. Every answer
 * is a value: the parsed body, or the API's own message (its `error`) in plain words.
 */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * The API's message from an error body (its `error`), or the ledger's through the gateway's
 * relay (a fullnode's errors carry `message`), else one that names the status.
 */
export function failureMessage(body: unknown, status: number): string {
  if (isRecord(body) && typeof body.error === "string") return body.error;
  if (isRecord(body) && typeof body.message === "string") return body.message;
  return `The gateway answered ${status} without a message`;
}

/** fetch, then the body checked by `guard`; a refused or unreadable answer is a message. */
export async function callApi<T>(args: {
  path: string;
  init?: RequestInit;
  guard: Guard<T>;
}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(args.path, args.init);
  } catch {
    return { ok: false, message: "The gateway could not be reached; check your connection" };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: `The gateway answered ${response.status} with no JSON` };
  }
  if (!response.ok) return { ok: false, message: failureMessage(body, response.status) };
  if (!args.guard(body)) return { ok: false, message: "The gateway's answer was not understood" };
  return { ok: true, value: body };
}

const isProcess: Guard<Process> = (value): value is Process =>
  isRecord(value) &&
  typeof value.id === "string" &&
  typeof value.name === "string" &&
  typeof value.description === "string" &&
  typeof value.owner === "string" &&
  Array.isArray(value.tags) &&
  typeof value.status === "string";

const isProcessList: Guard<ProcessListResponse> = (value): value is ProcessListResponse =>
  isRecord(value) && Array.isArray(value.processes) && value.processes.every(isProcess);

const isProcessAnswer: Guard<{ process: Process }> = (value): value is { process: Process } =>
  isRecord(value) && isProcess(value.process);

const isSchemaAnswer: Guard<ProcessSchemaResponse> = (value): value is ProcessSchemaResponse =>
  isRecord(value) && isRecord(value.inputSchema);

export const isRunAccepted: Guard<RunAcceptedResponse> = (value): value is RunAcceptedResponse =>
  isRecord(value) &&
  typeof value.transactionId === "string" &&
  typeof value.accessToken === "string" &&
  isRecord(value.links) &&
  typeof value.links.events === "string";

/** Every process, whatever its status: Explore filters them by status, active first (docs/console.md). */
export const listProcesses = () => callApi({ path: "/api/processes", guard: isProcessList });

/** Every process `owner` registered, whatever its status: the Owner page's list. */
export const listOwnedProcesses = (owner: string) =>
  callApi({ path: `/api/processes?owner=${encodeURIComponent(owner)}`, guard: isProcessList });

export const getProcess = (processId: string) =>
  callApi({ path: `/api/process/${encodeURIComponent(processId)}`, guard: isProcessAnswer });

export const getProcessSchema = (processId: string) =>
  callApi({
    path: `/api/process/${encodeURIComponent(processId)}/schema`,
    guard: isSchemaAnswer,
  });

/** A free run started with `Prefer: respond-async`: 202 with its token and links. */
export const startRun = (args: { processId: string; userAddress: string; data: unknown }) =>
  callApi({
    path: `/api/execute/${encodeURIComponent(args.processId)}`,
    init: {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "respond-async" },
      body: JSON.stringify({ userAddress: args.userAddress, data: args.data }),
    },
    guard: isRunAccepted,
  });
