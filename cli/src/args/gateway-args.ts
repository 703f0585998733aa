import type { ArgsDef } from "citty";

export const gatewayArgs = {
  gateway: {
    type: "string",
    valueHint: "url",
    description:
      "Gateway URL (env AGENTGATE_GATEWAY_URL; default http://127.0.0.1:8787, the local stack)",
  },
} as const satisfies ArgsDef;
