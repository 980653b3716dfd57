/** Makes main's code cache for the build in `builtDir` (make.mjs); answers how many chunks have one. */
export function makeCodeCache(builtDir: string): number;
