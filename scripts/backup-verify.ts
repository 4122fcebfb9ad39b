// Checks a backup archive without restoring it: every checksum, every count.
//   deno task backup:verify --in FILE
import { args, UsageError } from "./lib/cli.ts";
import { ArchiveFormatError, readArchive } from "../server/backup/read-archive.ts";
import { formatBytes } from "../shared/bytes.ts";

const USAGE = `Usage: deno task backup:verify --in FILE`;

let code = 0;
try {
  const { in: file } = args({ in: { type: "string" }, help: { type: "boolean" } }, USAGE);
  if (!file) throw new UsageError(`--in is required\n\n${USAGE}`);
  const { header, manifest, rows } = await readArchive(file);
  console.log(
    `${file}: a whole archive from ${header.createdAt} at schema ${header.schema.tag}: ${header.tables.length} tables, ` +
      `${rows} rows, ${manifest.blobs.count} blobs (${formatBytes(manifest.blobs.bytes, "en")}); every checksum and count agrees`,
  );
  if (manifest.missingBlobs.length) {
    console.warn(`warning: ${manifest.missingBlobs.length} blob(s) the rows refer to were missing when the backup was taken`);
  }
} catch (e) {
  if (e instanceof UsageError) {
    console.error(e.message);
    code = 2;
  } else if (e instanceof ArchiveFormatError) {
    console.error(`error: ${e.message}`);
    code = 1;
  } else {
    console.error(`error: ${(e as Error).message}`);
    code = 1;
  }
}
Deno.exit(code);
