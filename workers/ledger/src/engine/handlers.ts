import type { Args } from "./args.js";
import type { ExecutionContext } from "./types.js";

export type EntryHandler = (ctx: ExecutionContext, sender: string, args: Args) => void;

/** Returns one value per Move return type of the view, in the engine's record form. */
export type ViewHandler = (ctx: ExecutionContext, args: Args) => readonly unknown[];
