/**
 * Facts about the embedded devnode that its clients need before they can ask it anything.
 *
 * The devnode publishes the package at the address of a PUBLIC, well-known development key
 * (like the funded test accounts of other local chains): anyone can sign as the devnode's admin.
 * It exists only so tests and the local stack can exercise admin-only functions. Never fund or
 * use it on a real network.
 */
export const DEVNODE_ADMIN_PRIVATE_KEY =
  "0xf475cdf3be345e0c119c16719ccf7b8e67ac0e7efaeb4dae2e16697e34e37549";
export const DEVNODE_MODULE_ADDRESS =
  "0xfee0f52c085bea4b899ea93e0e6c2e517ce4dd368204e0b3872646922aa2bb4f";
/** Aptos localnet's chain id, which the ts-sdk hard-codes for Network.LOCAL. */
export const DEVNODE_CHAIN_ID = 4;
/** Aptos localnet's fullnode port; the devnode serves the fullnode API, faucet and indexer stub on it. */
export const DEVNODE_PORT = 8080;
