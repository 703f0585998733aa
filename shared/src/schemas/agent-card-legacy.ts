import { A2A_LEGACY_PROTOCOL_VERSION } from "./agent-card.js";

/**
 * The A2A 0.3 shape of a card, for the clients most A2A code in the wild still runs
 * (docs/gateway.md, "A2A", "Cards"). A 0.3 client reads `url`, `preferredTransport` and
 * `additionalInterfaces`; A2A 1.0 moved these into `supportedInterfaces`. As the SDK's own card
 * handler does (`toCompatAgentCard` with `embedV1Interfaces`), the 0.3 card keeps the 1.0
 * interfaces too, so a 1.0 client that reads it without asking for 1.0 still finds them.
 */

/** The header a client names the A2A version it speaks in (A2A 1.0, "Version negotiation"). */
export const A2A_VERSION_HEADER = "A2A-Version";

/** The fields of a 1.0 card the 0.3 shape is made from: the SDK's AgentCard and ours both fit. */
export type CoreCardFields = {
  name: string;
  description: string;
  version: string;
  supportedInterfaces: readonly { url: string; protocolBinding: string; protocolVersion: string }[];
  capabilities:
    | {
        streaming?: boolean | undefined;
        pushNotifications?: boolean | undefined;
        extensions: readonly {
          uri: string;
          description: string;
          required: boolean;
          params?: unknown;
        }[];
      }
    | undefined;
  defaultInputModes: readonly string[];
  defaultOutputModes: readonly string[];
  skills: readonly {
    id: string;
    name: string;
    description: string;
    tags: readonly string[];
    examples?: readonly string[];
    inputModes: readonly string[];
    outputModes: readonly string[];
  }[];
};

/**
 * The A2A version a request asks for, as major.minor: none (A2A 1.0: a request without
 * `A2A-Version` is 0.3's) is 0.3, and a patch level is dropped ("0.3.0" is 0.3), so the card, the
 * extensions header and the JSON-RPC handler read one version alike.
 */
export function a2aVersionOf(header: string | null): string {
  const version = header?.trim() ?? "";
  if (version === "") return A2A_LEGACY_PROTOCOL_VERSION;
  return /^(\d+\.\d+)(\.\d+)?$/.exec(version)?.[1] ?? version;
}

/** Whether a request speaks A2A 0.3 (a2aVersionOf). */
export function isLegacyA2aVersion(header: string | null): boolean {
  return a2aVersionOf(header) === A2A_LEGACY_PROTOCOL_VERSION;
}

/**
 * The card in A2A 0.3's shape, or null when it lists no 0.3 interface (a 0.3 client has nothing
 * to speak to, and is then given the 1.0 card).
 */
export function legacyCardOf(card: CoreCardFields): Record<string, unknown> | null {
  const legacy = card.supportedInterfaces.filter(
    (one) => one.protocolVersion === A2A_LEGACY_PROTOCOL_VERSION,
  );
  const [primary, ...others] = legacy;
  if (primary === undefined) return null;
  const capabilities = card.capabilities;
  return {
    name: card.name,
    description: card.description,
    version: card.version,
    url: primary.url,
    preferredTransport: primary.protocolBinding,
    protocolVersion: primary.protocolVersion,
    ...(others.length === 0
      ? {}
      : {
          additionalInterfaces: others.map((one) => ({
            url: one.url,
            transport: one.protocolBinding,
          })),
        }),
    capabilities: {
      streaming: capabilities?.streaming ?? false,
      pushNotifications: capabilities?.pushNotifications ?? false,
      extensions: (capabilities?.extensions ?? []).map((one) => ({
        uri: one.uri,
        description: one.description,
        required: one.required,
        ...(one.params === undefined ? {} : { params: one.params }),
      })),
    },
    defaultInputModes: [...card.defaultInputModes],
    defaultOutputModes: [...card.defaultOutputModes],
    skills: card.skills.map((skill) => ({
      id: skill.id,
      name: skill.name,
      description: skill.description,
      tags: [...skill.tags],
      ...(skill.examples === undefined || skill.examples.length === 0
        ? {}
        : { examples: [...skill.examples] }),
      inputModes: [...skill.inputModes],
      outputModes: [...skill.outputModes],
    })),
    supportsAuthenticatedExtendedCard: false,
    supportedInterfaces: card.supportedInterfaces.map((one) => ({ ...one })),
  };
}

/**
 * What a card request is answered: the 0.3 shape when it asks for 0.3 and the card has a 0.3
 * interface, else the 1.0 card as given. The answer varies with `A2A-Version`.
 */
export function cardAnswerFor<V1>(args: {
  card: CoreCardFields;
  v1: V1;
  requestedVersion: string | null;
}): V1 | Record<string, unknown> {
  const legacy = isLegacyA2aVersion(args.requestedVersion) ? legacyCardOf(args.card) : null;
  return legacy ?? args.v1;
}
