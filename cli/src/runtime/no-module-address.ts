import { DEVNODE_MODULE_ADDRESS, DEVNODE_PORT } from "#shared/contract/devnode";
import { isNetworkName } from "#shared/ledger/networks";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

function isLoopbackUrl(value: string): boolean {
  try {
    return LOOPBACK.has(new URL(value).hostname);
  } catch {
    return false;
  }
}

/**
 * The usage error's text when a command needs the module address and none was given (README.md,
 * "Settings: network, module address, key"). `-n local` is the devnode on its standard port only,
 * so a devnode on another port (npm start with AGENTGATE_LEDGER_PORT) is pointed at its address.
 */
export function noModuleAddressMessage(network: string): string {
  const start = `no module address for network ${network}: pass -m/--module-address or set APTOS_MODULE_ADDRESS`;
  if (isNetworkName(network)) {
    return `${start}, or use -n local for the local devnode on port ${DEVNODE_PORT} (on other ports, the export lines npm start prints)`;
  }
  return isLoopbackUrl(network)
    ? `${start} (the local devnode's is ${DEVNODE_MODULE_ADDRESS}; npm start prints it)`
    : start;
}
