/** The package's name (move/Move.toml). */
export const PACKAGE_NAME = "agent_platform";

/** The three modules of the package; dependencies point one way: workflow -> payment -> process_registry. */
export const MODULES = ["process_registry", "payment", "workflow"] as const;
export type ModuleName = (typeof MODULES)[number];

/**
 * Move types as they are written in the Move sources: primitives, `String`, `vector<T>`,
 * `Option<T>`, and the package's own struct names (unqualified; see STRUCTS for their module).
 */
export type MoveType = string;
