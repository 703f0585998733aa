import { describe, expect, it } from "vitest";
import { AppErrorException } from "#shared/errors/app-error";
import { DEFAULT_OPERATOR_MIN_PRICE_OCTAS, gatewayConfig } from "../../src/config.js";

const env = (floor: string | undefined) =>
  ({ OPERATOR_MIN_PRICE_OCTAS: floor }) as unknown as GatewayEnv;

describe("OPERATOR_MIN_PRICE_OCTAS (docs/gateway.md, Operator gas)", () => {
  it("defaults to the real-network floor and takes any whole number of octas", () => {
    expect(DEFAULT_OPERATOR_MIN_PRICE_OCTAS).toBe(100_000n);
    expect(gatewayConfig(env(undefined)).operatorMinPriceOctas).toBe(100_000n);
    expect(gatewayConfig(env("")).operatorMinPriceOctas).toBe(100_000n);
    expect(gatewayConfig(env("0")).operatorMinPriceOctas).toBe(0n);
    expect(gatewayConfig(env(" 1000 ")).operatorMinPriceOctas).toBe(1_000n);
    expect(gatewayConfig(env("18446744073709551615")).operatorMinPriceOctas).toBe(2n ** 64n - 1n);
  });

  it("fails closed on anything else, naming the var, so a typo never turns the floor off", () => {
    for (const bad of ["-1", "1e6", "0.5", "ten", "0x10", "18446744073709551616"]) {
      const read = () => gatewayConfig(env(bad));
      expect(read).toThrow(AppErrorException);
      expect(read).toThrow(/OPERATOR_MIN_PRICE_OCTAS/);
    }
  });
});
