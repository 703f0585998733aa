import { describe, expect, it } from "vitest";
import { AppErrorException } from "#shared/errors/app-error";
import { gatewayConfig } from "../../src/config.js";

const env = (ttl: string | undefined) =>
  ({ UNSIGNED_TRANSACTION_TTL_SECONDS: ttl }) as unknown as GatewayEnv;

describe("UNSIGNED_TRANSACTION_TTL_SECONDS (docs/gateway.md, Configuration)", () => {
  it("defaults to 600 s and takes 60..3600", () => {
    expect(gatewayConfig(env(undefined)).unsignedTransactionTtlSeconds).toBe(600);
    expect(gatewayConfig(env("")).unsignedTransactionTtlSeconds).toBe(600);
    expect(gatewayConfig(env("60")).unsignedTransactionTtlSeconds).toBe(60);
    expect(gatewayConfig(env("3600")).unsignedTransactionTtlSeconds).toBe(3600);
  });

  it("fails closed outside 60..3600, naming the var", () => {
    for (const bad of ["59", "3601", "0", "ten", "600.5"]) {
      const read = () => gatewayConfig(env(bad));
      expect(read).toThrow(AppErrorException);
      expect(read).toThrow(/UNSIGNED_TRANSACTION_TTL_SECONDS/);
    }
  });
});
