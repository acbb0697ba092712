/** Types of compiled-entry.mjs, for the TypeScript that imports it (the build and its tests). */
export declare const BUILD_SOURCES: readonly string[];
export declare const BUILD_STAMP: string;
export declare function compiledCli(root: string): string | undefined;
