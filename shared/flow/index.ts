export * from "./constants.ts";
export * from "./errors.ts";
export * from "./projects.ts";
export * from "./tasks.ts";
export * from "./task-details.ts";
export * from "./mail-tasks.ts";
