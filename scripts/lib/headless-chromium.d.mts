// Types of headless-chromium.mjs, for the TypeScript tests that drive it.

/** The Chromium binary on PATH, or null when none is installed. */
export declare function findChromium(): string | null;

/** The DOM after the page's scripts ran for `budgetMs` of virtual time. */
export declare function dumpDom(args: { binary: string; url: string; budgetMs?: number }): string;

/** A PNG of the page after its scripts ran for `budgetMs` of virtual time. */
export declare function screenshot(args: {
  binary: string;
  url: string;
  file: string;
  width?: number;
  height?: number;
  budgetMs?: number;
}): void;
