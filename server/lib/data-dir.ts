// DATA_DIR ownership: one server per data folder, held by an OS file lock that dies with the process.
// While a server runs, it leaves the embedded database's address for the admin scripts in runtime.json.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

export class DataDirBusyError extends Error {}

export interface DataDirLock {
  release(): void;
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const path = join(dir, "server.lock");
  const file = await Deno.open(path, { create: true, read: true, write: true });
  const locked = await Promise.race([
    file.lock(true).then(() => true, () => false),
    new Promise<false>((ok) => setTimeout(() => ok(false), 300)),
  ]);
  if (!locked) {
    try {
      file.close();
    } catch { /* the pending lock call owns it */ }
    let holder = "";
    try {
      holder = (await readFile(path, "utf8")).trim();
    } catch { /* unreadable */ }
    throw new DataDirBusyError(
      `Another server is already running on ${dir}${holder ? ` (pid ${holder})` : ""}. ` +
        `Stop it first, or give this one another DATA_DIR.`,
    );
  }
  await file.truncate(0);
  await file.write(new TextEncoder().encode(String(Deno.pid)));
  return {
    release() {
      try {
        file.unlockSync();
        file.close();
      } catch { /* already closed */ }
    },
  };
}

/** True when a server holds the lock on this data folder right now. */
export async function dataDirBusy(dataDir: string): Promise<boolean> {
  try {
    const lock = await lockDataDir(dataDir);
    lock.release();
    return false;
  } catch (e) {
    if (e instanceof DataDirBusyError) return true;
    throw e;
  }
}

const runtimeFile = (dataDir: string) => join(resolve(dataDir), "postgres", "runtime.json");

export async function writeRuntime(dataDir: string, info: { databaseUrl: string }): Promise<void> {
  await writeFile(runtimeFile(dataDir), JSON.stringify(info), { mode: 0o600 });
}

export async function readRuntime(dataDir: string): Promise<{ databaseUrl: string } | null> {
  try {
    return JSON.parse(await readFile(runtimeFile(dataDir), "utf8"));
  } catch {
    return null;
  }
}

export async function clearRuntime(dataDir: string): Promise<void> {
  await rm(runtimeFile(dataDir), { force: true });
}
