// A size in bytes as B, KB, MB, GB or TB in the UI language's number format: the suite's one format
// (shared/bytes.ts), which the server also writes into mails (large-file links).
export { formatBytes } from "@shared/bytes.ts";
