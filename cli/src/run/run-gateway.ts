import type { z } from "zod";
import {
  executeFailureResponseSchema,
  executeSuccessResponseSchema,
} from "#shared/schemas/gateway";
import type { RunAcceptedResponse } from "#shared/schemas/runs";
import type { Output } from "../output/output.js";
import { acceptedRun } from "../runs/runs-api.js";
import { type GatewayResponse, gatewayError, gatewayRequest } from "../runtime/gateway-client.js";
import type { ExecuteRequest } from "./run-request.js";

export type ExecuteAnswer =
  | z.output<typeof executeSuccessResponseSchema>
  | z.output<typeof executeFailureResponseSchema>;

/** Sends the execute request with a spinner; the answer as it came. */
export function sendExecute(
  request: ExecuteRequest,
  label: string,
  out: Output,
): Promise<GatewayResponse> {
  const spinner = out.spinner(label);
  return gatewayRequest({
    url: request.url,
    method: "POST",
    body: request.body,
    headers: { ...request.headers },
  }).finally(() => spinner.stop());
}

/** The run an execute answer reports, succeeded or failed; any other answer is an error of the command. */
export function executeAnswer(response: GatewayResponse, processId: string): ExecuteAnswer {
  const success = executeSuccessResponseSchema.safeParse(response.body);
  // The failure shape is only tried when the success shape does not fit.
  const failure = success.success
    ? undefined
    : executeFailureResponseSchema.safeParse(response.body);
  const answer = success.success ? success.data : failure?.success ? failure.data : undefined;
  // Data the agent's schema refuses is answered as a failed run that never ran (docs/gateway.md,
  // "Execute"): an error of the command, naming the field, with nothing to show or fetch logs of.
  if (!answer || (!answer.success && answer.code === "validation_failed")) {
    throw gatewayError(response, `run ${processId}`);
  }
  return answer;
}

/**
 * What the execute request started: a run the gateway accepted (202, `Prefer: respond-async`),
 * or, from a gateway that runs only while the request waits, the run's answer.
 */
export type StartedRun =
  | { kind: "accepted"; accepted: RunAcceptedResponse }
  | { kind: "answered"; answer: ExecuteAnswer };

export function startedRun(response: GatewayResponse, processId: string): StartedRun {
  const accepted = acceptedRun(response);
  if (accepted) return { kind: "accepted", accepted };
  return { kind: "answered", answer: executeAnswer(response, processId) };
}
