import type { AgentCard } from "@a2a-js/sdk";
import type { ServerCallContext } from "@a2a-js/sdk/server";
import { appError, fail, ok, type Result } from "#shared/errors/app-error";
import { A2A_X402_EXTENSION } from "#shared/schemas/agent-card";
import { carriesCallerProof } from "../runs/run-credential.js";

/**
 * Whether a message may go on to a process, as far as the a2a-x402 extension goes
 * (docs/gateway.md, "A2A", "Payment"): a paid process (its card requires the extension) takes a
 * message from a client that activates it, which is then activated and echoed, or from a payer
 * who already paid (a caller proof, which needs no x402). Any other is refused before anything is
 * offered, as the extension says (its §3.1 and §8). A free process ignores the extension.
 */
export function activateX402(args: {
  card: AgentCard;
  context: ServerCallContext | undefined;
  headers: Headers;
}): Result<null> {
  const { card, context } = args;
  const paid = card.capabilities?.extensions.some(
    (extension) => extension.uri === A2A_X402_EXTENSION && extension.required,
  );
  if (paid !== true) return ok(null);
  if (context?.requestedExtensions?.includes(A2A_X402_EXTENSION) === true) {
    context.addActivatedExtension(A2A_X402_EXTENSION);
    return ok(null);
  }
  if (carriesCallerProof(args.headers)) return ok(null);
  return fail(
    appError(
      "extension_required",
      `This process is paid through the a2a-x402 extension: activate it with the A2A-Extensions header (X-A2A-Extensions over A2A 0.3) naming ${A2A_X402_EXTENSION}, or send the caller proof of a payer who already paid`,
    ),
  );
}
