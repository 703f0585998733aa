import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import type { CommonArgValues } from "../args/common-args.js";
import { loadProfile } from "../config/profile.js";
import { type ResolvedSettings, resolveSettings } from "../config/resolve-settings.js";
import { registerSecret } from "../errors/secrets.js";

const nodeFiles = {
  exists: (path: string) => existsSync(path),
  read: (path: string) => readFileSync(path, "utf8"),
};

/** Reads flags, the `--profile` file and the environment into settings, and remembers the key as secret. */
export function settingsFromArgs(values: CommonArgValues): ResolvedSettings {
  const profile =
    values.profile === undefined || values.profile === ""
      ? undefined
      : loadProfile({
          name: values.profile,
          cwd: process.cwd(),
          home: homedir(),
          files: nodeFiles,
        });
  const settings = resolveSettings({
    flags: {
      ...(values.network === undefined ? {} : { network: values.network }),
      ...(values["module-address"] === undefined
        ? {}
        : { moduleAddress: values["module-address"] }),
      ...(values["private-key"] === undefined ? {} : { privateKey: values["private-key"] }),
    },
    ...(profile === undefined ? {} : { profile }),
    env: process.env,
  });
  if (settings.privateKey) registerSecret(settings.privateKey.value);
  return settings;
}
