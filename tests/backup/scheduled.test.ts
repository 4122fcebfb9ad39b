// Nightly backups (BACKUP_DIR, BACKUP_KEEP, BACKUP_AT): written once the local time passes BACKUP_AT, by exactly
// one of two instances ticking at once, not again the same day, pruned to the newest BACKUP_KEEP; a failing
// try is recorded and given up after three.
import { afterAll, describe, expect, test } from "vitest";
import { join } from "node:path";
import { connect } from "../../db/client.ts";
import { parseConfig } from "../../server/config.ts";
import { createDeps } from "../../server/deps.ts";
import { ManualClock } from "../../server/lib/clock.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { runScheduledBackup } from "../../server/jobs/backup.ts";
import { readArchive } from "../../server/backup/read-archive.ts";
import { createTestApp, signupCompany } from "../support/test-app.ts";

const dir = await Deno.makeTempDir({ prefix: "gw-nightly-" });
afterAll(() => Deno.remove(dir, { recursive: true }).catch(() => {}));
const env = { BACKUP_DIR: dir, BACKUP_KEEP: "2", BACKUP_AT: "03:00" };
const t = await createTestApp(env);
await signupCompany(t, { domain: "nightly.test" });

// A second instance on the same database and blobs, with a clock of its own.
const otherDb = connect(t.databaseUrl, 3);
afterAll(() => otherDb.close());
const otherClock = new ManualClock();
const other = await createDeps(parseConfig({ LOG_LEVEL: "error", DATA_DIR: t.dataDir, ...env }), otherDb, createLogger("error"), {
  clock: otherClock,
  blobs: t.deps.blobs,
});

const at = (day: number, h: number, m: number) => {
  const when = new Date(2026, 11, day, h, m); // the server's local time
  t.clock.set(when);
  otherClock.set(when);
};
const files = async () => {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
};

describe("nightly backups", () => {
  test("a bad BACKUP_AT or BACKUP_KEEP stops the start with the variable named", () => {
    expect(() => parseConfig({ BACKUP_AT: "25:00" })).toThrow(/BACKUP_AT: must be a time of day as HH:MM/);
    expect(() => parseConfig({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
  });

  test("nothing before BACKUP_AT; after it exactly one of two instances writes the day's archive, once", async () => {
    at(1, 2, 59);
    expect(await runScheduledBackup(t.deps)).toEqual({ skipped: "not-due" });
    expect(await files()).toEqual([]);

    at(1, 3, 1);
    const both = await Promise.all([runScheduledBackup(t.deps), runScheduledBackup(other)]);
    expect(both.filter((r) => "written" in r)).toEqual([{ written: "groupware-2026-12-01.tar.gz" }]);
    expect(both.filter((r) => "skipped" in r)).toHaveLength(1);
    expect(await files()).toEqual(["groupware-2026-12-01.tar.gz"]);
    const { header, rows } = await readArchive(join(dir, "groupware-2026-12-01.tar.gz"));
    expect(header.tables.some((x) => x.name === "companies")).toBe(true);
    expect(rows).toBeGreaterThan(5);

    at(1, 23, 0);
    expect(await runScheduledBackup(other)).toEqual({ skipped: "done" });
    const [run] = await t.deps.sql`select attempts, file, bytes > 0 as sized from backup_runs where day = '2026-12-01'`;
    expect(run).toMatchObject({ attempts: 1, file: "groupware-2026-12-01.tar.gz", sized: true });
  });

  test("only the newest BACKUP_KEEP archives are kept; other files in the folder are left alone", async () => {
    await Deno.writeTextFile(join(dir, "notes.txt"), "the admin's own file");
    for (const day of [2, 3]) {
      at(day, 4, 0);
      expect(await runScheduledBackup(t.deps)).toEqual({ written: `groupware-2026-12-0${day}.tar.gz` });
    }
    expect(await files()).toEqual(["groupware-2026-12-02.tar.gz", "groupware-2026-12-03.tar.gz", "notes.txt"]);
  });

  test("a failing try is recorded and the day given up after three", async () => {
    const blocked = join(dir, "not-a-folder");
    await Deno.writeTextFile(blocked, "a file where the folder should be");
    const logged: string[] = [];
    const log = { ...t.deps.log, error: (msg: string) => void logged.push(msg) };
    const failing = { ...t.deps, log, config: { ...t.deps.config, BACKUP_DIR: blocked } };
    at(4, 3, 30);
    for (let i = 1; i <= 3; i++) expect(await runScheduledBackup(failing)).toHaveProperty("failed");
    expect(await runScheduledBackup(failing)).toEqual({ skipped: "given-up" });
    const [run] = await t.deps.sql`select attempts, finished_at, error from backup_runs where day = '2026-12-04'`;
    expect(run.attempts).toBe(3);
    expect(run.finished_at).toBeNull();
    expect(run.error).toMatch(/not-a-folder/);
    expect(logged).toEqual([1, 2, 3].map((n) => `nightly backup groupware-2026-12-04.tar.gz failed (try ${n} of 3)`));
  });
});
