// Writes one archive of the whole installation (every table, every blob the rows refer to), while the server
// keeps running:  deno task backup --out FILE
import { args, runScript, UsageError } from "./lib/cli.ts";
import { backupToFile } from "../server/backup/backup.ts";
import { formatBytes } from "../shared/bytes.ts";

const USAGE = `Usage: deno task backup --out FILE   (e.g. --out groupware-2026-12-04.tar.gz)`;

await runScript(async (deps) => {
  const { out } = args({ out: { type: "string" }, help: { type: "boolean" } }, USAGE);
  if (!out) throw new UsageError(`--out is required\n\n${USAGE}`);
  const started = Date.now();
  const s = await backupToFile(out, { sql: deps.sql, blobs: deps.blobs, progress: (line) => console.log(line) });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `backup written to ${out}: ${s.tables} tables, ${s.rows} rows, ${s.blobs} blobs (${formatBytes(s.blobBytes, "en")}), ` +
      `archive ${formatBytes(s.archiveBytes, "en")}, in ${secs} s`,
  );
  if (s.missingBlobs) console.warn(`warning: ${s.missingBlobs} blob(s) the rows refer to were already missing from the blob store`);
});
