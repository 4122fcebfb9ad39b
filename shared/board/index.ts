export * from "./constants.ts";
export * from "./errors.ts";
export * from "./boards.ts";
export * from "./posts.ts";
export * from "./replies.ts";
export * from "./config.ts";
