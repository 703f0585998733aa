import { describe, expect, it } from "vitest";
import { a2aInterfacesOf } from "#shared/schemas/agent-card";
import {
  a2aVersionOf,
  cardAnswerFor,
  isLegacyA2aVersion,
  legacyCardOf,
} from "#shared/schemas/agent-card-legacy";

const url = "https://gw.example/a2a/p1";
const card = {
  name: "P1",
  description: "A process",
  version: "1",
  supportedInterfaces: a2aInterfacesOf(url),
  capabilities: {
    streaming: true,
    pushNotifications: false,
    extensions: [{ uri: "urn:x", description: "x", required: true, params: { a: 1 } }],
  },
  defaultInputModes: ["application/json"],
  defaultOutputModes: ["application/json"],
  skills: [
    {
      id: "p1",
      name: "P1",
      description: "d",
      tags: ["t"],
      inputModes: ["application/json"],
      outputModes: ["application/json"],
    },
  ],
};

describe("the A2A 0.3 shape of a card", () => {
  it("is asked for without a version, or with 0.3 at any patch level", () => {
    for (const version of [null, "", "  ", "0.3", "0.3.0", "0.3.1"]) {
      expect(isLegacyA2aVersion(version), String(version)).toBe(true);
      expect(a2aVersionOf(version)).toBe("0.3");
    }
    for (const version of ["1.0", "1.0.1", "2.0", "0.2", "0.4", "latest", "0"]) {
      expect(isLegacyA2aVersion(version), version).toBe(false);
    }
    expect(a2aVersionOf("1.0.1")).toBe("1.0");
    expect(a2aVersionOf("latest")).toBe("latest");
  });

  it("names the 0.3 interface as url and preferredTransport and keeps the 1.0 interfaces", () => {
    expect(legacyCardOf(card)).toEqual({
      name: "P1",
      description: "A process",
      version: "1",
      url,
      preferredTransport: "JSONRPC",
      protocolVersion: "0.3",
      capabilities: card.capabilities,
      defaultInputModes: ["application/json"],
      defaultOutputModes: ["application/json"],
      skills: card.skills,
      supportsAuthenticatedExtendedCard: false,
      supportedInterfaces: card.supportedInterfaces,
    });
  });

  it("is not made for a card with no 0.3 interface: the 1.0 card is answered", () => {
    const v1only = { ...card, supportedInterfaces: card.supportedInterfaces.slice(0, 2) };
    expect(legacyCardOf(v1only)).toBeNull();
    expect(cardAnswerFor({ card: v1only, v1: "the 1.0 card", requestedVersion: null })).toBe(
      "the 1.0 card",
    );
    expect(cardAnswerFor({ card, v1: "the 1.0 card", requestedVersion: "1.0" })).toBe(
      "the 1.0 card",
    );
    expect(cardAnswerFor({ card, v1: "the 1.0 card", requestedVersion: null })).toMatchObject({
      url,
    });
  });
});
