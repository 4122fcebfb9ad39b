export * from "./constants.ts";
export * from "./errors.ts";
export * from "./lines.ts";
export * from "./forms.ts";
export * from "./documents.ts";
export * from "./config.ts";
