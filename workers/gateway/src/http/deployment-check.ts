import { DEVNODE_MODULE_ADDRESS } from "#shared/contract/devnode";
import { appError } from "#shared/errors/app-error";
import { isValidAddress, normalizeAddress } from "#shared/schemas/address-format";
import { errorAnswer, type GatewayAnswer } from "./respond.js";

/**
 * What is wrong with this deployment's ledger settings, if anything (issue 13, door 4; README.md
 * "Deploying safely"):
 * - `all`: the gateway must not serve at all. On a public network the devnode's module address
 *   belongs to a PUBLIC key (anyone can sign as the package admin), and a LEDGER binding is the
 *   devnode, whose faucet mints at will.
 * - `ledger`: MODULE_ADDRESS is missing or not an address, so nothing that reads the ledger can
 *   work; /health and the API docs still answer.
 */
export type DeploymentProblem = { scope: "all" | "ledger"; message: string };

const PUBLIC_NETWORKS = new Set(["mainnet", "testnet", "devnet"]);

export function deploymentProblem(env: {
  NETWORK?: string;
  MODULE_ADDRESS?: string;
  LEDGER?: unknown;
}): DeploymentProblem | null {
  const network = env.NETWORK ?? "";
  const moduleAddress = (env.MODULE_ADDRESS ?? "").trim();
  if (PUBLIC_NETWORKS.has(network)) {
    if (env.LEDGER !== undefined) {
      return {
        scope: "all",
        message: `NETWORK is ${network} but a LEDGER (devnode) binding is configured; remove it`,
      };
    }
    if (
      isValidAddress(moduleAddress) &&
      normalizeAddress(moduleAddress) === DEVNODE_MODULE_ADDRESS
    ) {
      return {
        scope: "all",
        message: `MODULE_ADDRESS is the devnode's, whose admin key is public; set the address where agent_platform is published on ${network}`,
      };
    }
  }
  // The local preset knows the devnode's address; every other network needs it configured.
  if (network === "local" && moduleAddress === "") return null;
  if (moduleAddress === "") {
    return {
      scope: "ledger",
      message: "MODULE_ADDRESS is not set: the address where agent_platform is published",
    };
  }
  if (!isValidAddress(moduleAddress)) {
    return { scope: "ledger", message: "MODULE_ADDRESS is not an account address" };
  }
  return null;
}

/** The 503 a request gets when `problem` stops the route it asked for; null lets it through. */
export function deploymentRefusal(
  problem: DeploymentProblem | null,
  path: string,
): GatewayAnswer | null {
  if (problem === null || path === "/health") return null;
  if (problem.scope === "ledger" && !path.startsWith("/api/")) return null;
  return errorAnswer(appError("configuration_error", `Gateway configuration: ${problem.message}`));
}
