export * from "./aborts.js";
export * from "./devnode.js";
export * from "./functions.js";
export * from "./limits.js";
export * from "./modules.js";
export * from "./status.js";
export * from "./structs.js";
export * from "./types.js";
