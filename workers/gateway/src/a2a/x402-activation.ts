import type { AgentCard } from "@a2a-js/sdk";
import type { ServerCallContext } from "@a2a-js/sdk/server";
import { carriesCallerProof } from "#shared/auth/caller-proof-message";
import { type AppError, appError, fail, ok, type Result } from "#shared/errors/app-error";
import { A2A_X402_EXTENSION } from "#shared/schemas/agent-card";

/**
 * Where a message stands with the a2a-x402 extension: a free process does not use it; a paid
 * one takes a message that activates it (which may be offered a payment and pay it), or one with
 * a caller proof, which may only run on a payment it already made: it is neither offered one nor
 * settles one (start-task.ts).
 */
export type X402Activation = "free" | "activated" | "proof_only";

/**
 * A message's activation (docs/gateway.md, "A2A", "Payment"): a paid process (its card requires
 * the extension) takes a message from a client that activates it, which is then activated and
 * echoed, or from a payer who already paid (a caller proof, which needs no x402; the proof itself
 * is checked by the admission step). Any other is refused before anything is offered, as the
 * extension says (its §3.1 and §8).
 */
export function activateX402(args: {
  card: AgentCard;
  context: ServerCallContext | undefined;
  headers: Headers;
}): Result<X402Activation> {
  const { card, context } = args;
  const paid = card.capabilities?.extensions.some(
    (extension) => extension.uri === A2A_X402_EXTENSION && extension.required,
  );
  if (paid !== true) return ok("free");
  if (context?.requestedExtensions?.includes(A2A_X402_EXTENSION) === true) {
    context.addActivatedExtension(A2A_X402_EXTENSION);
    return ok("activated");
  }
  if (carriesCallerProof(args.headers)) return ok("proof_only");
  return fail(extensionRequired());
}

/** The refusal of a paid process's message that would need the extension and did not activate it. */
export function extensionRequired(): AppError {
  return appError(
    "extension_required",
    `This process is paid through the a2a-x402 extension: activate it with the A2A-Extensions header (X-A2A-Extensions over A2A 0.3) naming ${A2A_X402_EXTENSION}, or send the caller proof of a payer who already paid`,
  );
}
