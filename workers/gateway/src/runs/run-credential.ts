import { carriesCallerProof } from "#shared/auth/caller-proof-message";

/**
 * What a request to a run's routes offers as its credential (docs/gateway.md, "Who may read a
 * run"): a bearer token, the payer's caller proof, or nothing usable. The token is never logged
 * nor echoed: it only goes to runTokenMatches.
 */
export type RunCredential =
  | { kind: "token"; token: string }
  | { kind: "proof" }
  | { kind: "none"; why: string };

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * `Authorization: Bearer <token>` wins over caller-proof headers; any of the four proof headers
 * makes the request a proof (an incomplete one is then refused as the proof check says why).
 */
export function runCredentialOf(headers: Headers): RunCredential {
  const authorization = headers.get("authorization");
  if (authorization !== null) {
    const token = BEARER.exec(authorization)?.[1];
    if (token !== undefined) return { kind: "token", token };
    return { kind: "none", why: "Authorization must be `Bearer agr_...` (the run's access token)" };
  }
  if (carriesCallerProof(headers)) return { kind: "proof" };
  return { kind: "none", why: "no credential was sent" };
}
