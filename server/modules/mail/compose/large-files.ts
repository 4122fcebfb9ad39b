// The public download of a large attachment sent as a link: valid 7 days and 100 downloads (000 §5, §9).
// One conditional update counts the download only while both hold, so concurrent downloads cannot exceed it;
// an unknown, expired or used-up link answers 404 alike.
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { mailLargeFiles } from "../../../../db/schema/mail.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { fileHeaders } from "../../../lib/downloads.ts";

/** `countIt` false (a HEAD request, a link preview's probe): answers the headers without using a download. */
export async function downloadLargeFile(deps: AppDeps, token: string, countIt = true): Promise<Response> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError(404, "common.43");
  const valid = and(
    eq(mailLargeFiles.token, token),
    lt(mailLargeFiles.downloadCount, mailLargeFiles.maxDownloads),
    gt(mailLargeFiles.expiresAt, deps.clock.now()),
  );
  if (!countIt) {
    const [file] = await deps.db.select().from(mailLargeFiles).where(valid);
    if (!file) throw new AppError(404, "common.43");
    return new Response(null, { headers: fileHeaders(file.contentType, file.name, { length: file.size, cache: "no-store" }) });
  }
  const [file] = await deps.db.update(mailLargeFiles)
    .set({ downloadCount: sql`${mailLargeFiles.downloadCount} + 1` })
    .where(valid)
    .returning();
  if (!file) throw new AppError(404, "common.43");
  const stream = await deps.blobs.stream(file.blobKey);
  return new Response(stream, {
    headers: fileHeaders(file.contentType, file.name, { length: file.size, cache: "no-store" }),
  });
}
