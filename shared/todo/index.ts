export * from "./constants.ts";
export * from "./errors.ts";
export * from "./workspaces.ts";
export * from "./boards.ts";
export * from "./items.ts";
export * from "./details.ts";
