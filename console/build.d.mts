// Types of build.mjs, for the tests that build the console.
export declare const CONSOLE_DIST: string;
export declare const CONSOLE_JS_BUDGET_BYTES: number;
export declare function buildConsole(): Promise<{ bytes: number; gzipBytes: number }>;
