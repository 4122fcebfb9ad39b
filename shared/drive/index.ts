// The drive's contract with the browser: import from here or from the part files.
export * from "./constants.ts";
export * from "./errors.ts";
export * from "./items.ts";
export * from "./kinds.ts";
export * from "./transfer.ts";
