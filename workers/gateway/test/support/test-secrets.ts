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

/**
 * A second gateway deployment's operator key (issue 20, "One payment, one run, across
 * deployments"): gateway C of the test pool runs with it; gateway B shares the main operator key.
 */
export const TEST_OPERATOR_C_PRIVATE_KEY =
  "0x7f4d6e3a0b9c8d5e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80";

/** The origins the two extra deployments take caller proofs for (their PUBLIC_ORIGIN). */
export const PEER_GATEWAY_ORIGINS = {
  GATEWAY_B: "https://gateway-b.test",
  GATEWAY_C: "https://gateway-c.test",
  GATEWAY_LONG: "https://gateway-long.test",
  GATEWAY_FAULTY: "https://gateway-faulty.test",
} as const;
