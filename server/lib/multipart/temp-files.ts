// Temporary files of streamed uploads: DATA_DIR/tmp, one file per uploaded part, removed by whoever made it
// once the request is done (also on failure). What a crash left behind is swept the first time a process
// makes the folder: files there older than a day belong to no running request.
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";

/** Leftovers older than this are swept (no request runs that long). */
const STALE_MS = 86_400_000;

const prepared = new Map<string, Promise<void>>();

/** The temporary folder of a data folder, made (and swept of old leftovers) once per process. */
export async function tempDirOf(dataDir: string): Promise<string> {
  const dir = join(resolve(dataDir), "tmp");
  let ready = prepared.get(dir);
  if (!ready) {
    ready = prepare(dir);
    prepared.set(dir, ready);
    ready.catch(() => prepared.delete(dir));
  }
  await ready;
  return dir;
}

async function prepare(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const cutoff = Date.now() - STALE_MS;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith(".part")) continue;
    const path = join(dir, name);
    const s = await stat(path).catch(() => null);
    if (s && s.mtimeMs < cutoff) await rm(path, { force: true });
  }
}

/** A fresh path for one uploaded part inside `dir`. */
export function tempPath(dir: string): string {
  return join(dir, `upload-${crypto.randomUUID()}.part`);
}

export async function removeQuietly(path: string): Promise<void> {
  await rm(path, { force: true }).catch(() => {});
}
