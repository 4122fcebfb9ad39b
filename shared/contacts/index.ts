// The private address book's contract with the browser: import from here or from the part files.
export * from "./constants.ts";
export * from "./errors.ts";
export * from "./hangul.ts";
export * from "./cards.ts";
export * from "./groups.ts";
export * from "./config.ts";
export * from "./inout.ts";
export * from "./customers.ts";
export * from "./customer-tags.ts";
