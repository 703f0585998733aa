export * from "./aborts";
export * from "./devnode";
export * from "./functions";
export * from "./limits";
export * from "./modules";
export * from "./status";
export * from "./structs";
export * from "./types";
