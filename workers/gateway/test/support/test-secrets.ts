/**
 * Test-only values shared by the pool config (Node) and the tests (workerd). Never used outside
 * tests; the keys are fixed throwaway keys so tests can predict their addresses. The gateway
 * signs agent requests with the operator key; the agents know its public key and the owner
 * account below, which registers the processes they serve.
 */
export const TEST_OPERATOR_PRIVATE_KEY =
  "0x5d2b4c1e8f7a6b3c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e";
export const TEST_PROCESS_OWNER_PRIVATE_KEY =
  "0x6e3c5d2f9a8b7c4d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f";

/** Service binding name -> the process id its echo agent serves (one Worker each). */
export const TEST_AGENTS = {
  ECHO_AGENT: "echo-free",
  ECHO_PAID: "echo-paid",
  ECHO_OPERATED: "echo-operated",
  /** Registered by another account than its agent's owner, as a squatter would (issue 13). */
  ECHO_SQUATTED: "echo-squatted",
} as const;
