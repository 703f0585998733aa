/**
 * Test-only values shared by the pool config (Node) and the tests (workerd). Never used outside
 * tests; the operator key is a fixed throwaway key so tests can predict its address.
 */
export const TEST_AGENT_SECRET = "gateway-tests-agent-secret-0123456789abcdef";
export const TEST_OPERATOR_PRIVATE_KEY =
  "0x5d2b4c1e8f7a6b3c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e";

/** Service binding name -> the process id its echo agent serves (one Worker each). */
export const TEST_AGENTS = {
  ECHO_AGENT: "echo-free",
  ECHO_PAID: "echo-paid",
  ECHO_OPERATED: "echo-operated",
} as const;
