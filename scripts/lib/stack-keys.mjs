// The local stack's own keys, generated into its state folder on first start and kept across
// restarts (mode 0600, never printed): the gateway's operator key (its OPERATOR_PRIVATE_KEY: it
// reports outcomes and signs every agent request) and the "examples owner", the account that
// registers the example processes the stack's agents serve (`npm run demo` uses it). Both are
// funded from the devnode's faucet. Rules: ../../docs/gateway.md ("Operator key"), issue 12/13.
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha3_256 } from "@noble/hashes/sha3";

const KEY_FILE = /^(?:ed25519-priv-)?(?:0x)?([0-9a-f]{64})\s*$/i;
/** Below this the stack tops an account up from the faucet (10 APT), so gas never runs out. */
const FLOOR_OCTAS = 1_000_000_000n;
const TOP_UP_OCTAS = 10_000_000_000n;

const hex = (bytes) => Buffer.from(bytes).toString("hex");

/** Public key and account address (SHA3-256 of key || 0x00, the single-key scheme) of a seed. */
export function ed25519Account(seedHex) {
  const pkcs8 = Buffer.concat([
    Buffer.from("302e020100300506032b657004220420", "hex"),
    Buffer.from(seedHex, "hex"),
  ]);
  const jwk = createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" }).export({
    format: "jwk",
  });
  const publicKey = Buffer.from(jwk.x, "base64url");
  const address = `0x${hex(sha3_256(Buffer.concat([publicKey, Buffer.from([0])])))}`;
  return { privateKey: `ed25519-priv-0x${seedHex}`, publicKey: `0x${hex(publicKey)}`, address };
}

function newSeed() {
  const { privateKey } = generateKeyPairSync("ed25519");
  return Buffer.from(privateKey.export({ format: "jwk" }).d, "base64url").toString("hex");
}

/** Reads the key at file, or writes a new one there (0600); the key never leaves the file. */
function loadOrCreate(file) {
  if (existsSync(file)) {
    const match = KEY_FILE.exec(readFileSync(file, "utf8"));
    if (!match?.[1]) throw new Error(`${file} holds no Ed25519 key; delete it to make a new one`);
    chmodSync(file, 0o600);
    return { ...ed25519Account(match[1].toLowerCase()), keyFile: file, created: false };
  }
  const seed = newSeed();
  const account = ed25519Account(seed);
  writeFileSync(file, `${account.privateKey}\n`, { mode: 0o600, flag: "wx" });
  return { ...account, keyFile: file, created: true };
}

/** The key files of a stack's state folder. */
export function stackKeyFiles(stateDir) {
  const dir = join(stateDir, "keys");
  return {
    dir,
    operator: join(dir, "operator.key"),
    examplesOwner: join(dir, "examples-owner.key"),
  };
}

/** Loads (or creates on first start) the operator and examples-owner keys of stateDir. */
export function ensureStackKeys(stateDir) {
  const files = stackKeyFiles(stateDir);
  mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  return {
    operator: loadOrCreate(files.operator),
    examplesOwner: loadOrCreate(files.examplesOwner),
  };
}

/** The account's APT balance on the devnode at ledgerOrigin, in octas. */
async function balance(ledgerOrigin, address) {
  const response = await fetch(
    `${ledgerOrigin}/v1/accounts/${address}/balance/0x1::aptos_coin::AptosCoin`,
  );
  if (!response.ok) throw new Error(`balance of ${address}: HTTP ${response.status}`);
  return BigInt(await response.text());
}

/** Tops the account up from the devnode's faucet when it holds less than the floor. */
export async function fundFromFaucet(ledgerOrigin, address) {
  if ((await balance(ledgerOrigin, address)) >= FLOOR_OCTAS) return;
  const response = await fetch(`${ledgerOrigin}/fund`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ address, amount: Number(TOP_UP_OCTAS) }),
  });
  if (!response.ok) {
    throw new Error(
      `the devnode faucet refused to fund ${address}: HTTP ${response.status} ${await response.text()}`,
    );
  }
  await response.body?.cancel();
}
