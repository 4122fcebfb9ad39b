// The drive's WebDAV driven by clients nobody here wrote: the litmus conformance suite (basic, copymove,
// props, locks; in the caller's own drive and in a folder a colleague shares with them), rclone (a folder
// copied up and down, checksums compared; a colleague writing into a shared folder; the drive mounted as a
// folder over FUSE) and cadaver (scripted put/get/mkcol/move). Debian's packages; .ci/run installs them, so a
// missing one fails here.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { DAV_PASSWORD, davClient, davCompany, type DavMember, run, serveApp, setClientPassword } from "./dav-support.ts";
import type { Co } from "./helpers.ts";

const t = await createTestApp();
const base = serveApp(t);
let me: DavMember;
let co: Co;
let work: string;

beforeAll(async () => {
  ({ co, admin: me } = await davCompany(t, "dav-clients.test"));
  work = await mkdtemp(join(tmpdir(), "drive-dav-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** litmus's summary line of a suite: "<- summary for `basic': of 16 tests run: 16 passed, 0 failed. 100.0%". */
function summaryOf(out: string, suite: string) {
  const m = new RegExp(`summary for \`${suite}': of (\\d+) tests run: (\\d+) passed, (\\d+) failed`).exec(out);
  if (!m) throw new Error(`no summary for ${suite} in:\n${out}`);
  return { run: Number(m[1]), passed: Number(m[2]), failed: Number(m[3]) };
}

/** litmus's four suites against a collection URL, as `username`: their summaries. */
async function litmus(url: string, username: string) {
  const got: Record<string, { run: number; passed: number; failed: number }> = {};
  // One run per suite: litmus stops at the first suite with a failure.
  for (const suite of ["basic", "copymove", "props", "locks"]) {
    // In the scratch folder: litmus writes its debug.log into the folder it runs in.
    const r = await run("sh", ["-c", `cd "$0" && exec litmus "$@"`, work, url, username, DAV_PASSWORD], {
      env: { TESTS: suite }, allowFail: true, timeoutMs: 30_000,
    });
    const out = r.out + r.err;
    if (!out.includes("100.0%")) console.log(out);
    got[suite] = summaryOf(out, suite);
  }
  return got;
}

const ALL_PASS = {
  basic: { run: 16, passed: 16, failed: 0 },
  copymove: { run: 13, passed: 13, failed: 0 },
  props: { run: 30, passed: 30, failed: 0 },
  locks: { run: 41, passed: 41, failed: 0 },
};

describe("litmus", () => {
  it("passes basic, copymove, props and locks", async () => {
    const dav = davClient(base, me.username);
    expect((await dav("MKCOL", "/dav/files/litmus/")).status).toBe(201);
    expect(await litmus(`${base}/dav/files/litmus/`, me.username)).toEqual(ALL_PASS);
  }, 90_000);

  it("passes them in a folder shared with a colleague (read and write), as that colleague", async () => {
    const lee = await co.user("lee");
    await setClientPassword(t, co.companyId, lee.id);
    expect((await davClient(base, me.username)("MKCOL", "/dav/files/team/")).status).toBe(201);
    const [{ id }] = await t.db.sql<{ id: string }[]>`select id from drive_items where owner_user_id = ${me.id} and name = 'team'`;
    const shared = await t.call("POST", `/api/share/drive/${id}`, { token: me.token, json: { members: [{ memberType: "USER", memberId: lee.id, permission: 3 }] } });
    expect(shared.status).toBe(201);
    expect(await litmus(`${base}/dav/shared/team/`, lee.username)).toEqual(ALL_PASS);
  }, 90_000);
});

const sha = async (path: string) => createHash("sha256").update(await readFile(path)).digest("hex");

describe("rclone", () => {
  it("copies a folder up and down with the same bytes", async () => {
    const env = {
      RCLONE_CONFIG: join(work, "rclone.conf"),
      RCLONE_CONFIG_GW_TYPE: "webdav",
      RCLONE_CONFIG_GW_URL: `${base}/dav/files/`,
      RCLONE_CONFIG_GW_VENDOR: "other",
      RCLONE_CONFIG_GW_USER: me.username,
      RCLONE_CONFIG_GW_PASS: (await run("rclone", ["obscure", DAV_PASSWORD])).out.trim(),
    };
    const up = join(work, "up");
    await mkdir(join(up, "하위 폴더"), { recursive: true });
    const big = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => (i * 31) % 251);
    await writeFile(join(up, "big.bin"), big);
    await writeFile(join(up, "메모.txt"), "한글 메모\n");
    await writeFile(join(up, "하위 폴더", "a b.txt"), "spaces and # signs\n");
    await run("rclone", ["copy", up, "gw:synced"], { env, timeoutMs: 30_000 });
    // The server's listing, then every byte compared by rclone itself (downloading each file).
    const listed = (await run("rclone", ["lsf", "-R", "gw:synced"], { env })).out.split("\n").filter(Boolean).sort();
    expect(listed).toEqual(["big.bin", "메모.txt", "하위 폴더/", "하위 폴더/a b.txt"]);
    await run("rclone", ["check", "--download", up, "gw:synced"], { env, timeoutMs: 30_000 });
    const down = join(work, "down");
    await run("rclone", ["copy", "gw:synced", down], { env, timeoutMs: 30_000 });
    for (const f of ["big.bin", "메모.txt", join("하위 폴더", "a b.txt")]) expect(await sha(join(down, f))).toBe(await sha(join(up, f)));
    // A changed file goes up again and keeps its item (PUT over an existing name).
    const dav = davClient(base, me.username);
    const before = await dav("PROPFIND", "/dav/files/synced/%EB%A9%94%EB%AA%A8.txt", undefined, { depth: "0" });
    await writeFile(join(up, "메모.txt"), "고친 메모, 더 길게\n");
    await run("rclone", ["copy", up, "gw:synced"], { env, timeoutMs: 30_000 });
    await run("rclone", ["check", "--download", up, "gw:synced"], { env, timeoutMs: 30_000 });
    const after = await dav("PROPFIND", "/dav/files/synced/%EB%A9%94%EB%AA%A8.txt", undefined, { depth: "0" });
    expect(after.text).not.toBe(before.text);
    // rclone deletes what is gone locally (sync): into the drive's trash.
    await rm(join(up, "big.bin"));
    await run("rclone", ["sync", up, "gw:synced"], { env, timeoutMs: 30_000 });
    expect((await dav("GET", "/dav/files/synced/big.bin")).status).toBe(404);

    // A colleague the folder is shared with (read and write) reaches it under /dav/shared/, rclone as well.
    const kim = await co.user("kim");
    await setClientPassword(t, co.companyId, kim.id);
    const [{ id: synced }] = await t.db.sql<{ id: string }[]>`select id from drive_items
      where owner_user_id = ${me.id} and name = 'synced' and deleted_at is null`;
    const shared = await t.call("POST", `/api/share/drive/${synced}`, { token: me.token, json: { members: [{ memberType: "USER", memberId: kim.id, permission: 3 }] } });
    expect(shared.status).toBe(201);
    const kimEnv = { ...env, RCLONE_CONFIG_GW_URL: `${base}/dav/shared/`, RCLONE_CONFIG_GW_USER: kim.username };
    expect((await run("rclone", ["lsf", "gw:"], { env: kimEnv })).out.split("\n").filter(Boolean)).toEqual(["synced/"]);
    const fromKim = join(work, "from-kim");
    await mkdir(fromKim);
    await writeFile(join(fromKim, "김의 파일.txt"), "공유 폴더에 씀\n");
    await run("rclone", ["copy", fromKim, "gw:synced"], { env: kimEnv, timeoutMs: 30_000 });
    expect((await dav("GET", `/dav/files/synced/${encodeURIComponent("김의 파일.txt")}`)).text).toBe("공유 폴더에 씀\n");
  }, 60_000);
});

describe("rclone mount", () => {
  // The drive as a folder of this machine (FUSE): what a desktop user does with "map network drive". Files
  // written into the mounted folder are in the drive, and the drive's files read back from it.
  it("mounts the drive: a file written into the folder is in the drive, the drive's files read back", async () => {
    const env = {
      RCLONE_CONFIG: join(work, "rclone-mount.conf"),
      RCLONE_CONFIG_GW_TYPE: "webdav",
      RCLONE_CONFIG_GW_URL: `${base}/dav/files/`,
      RCLONE_CONFIG_GW_VENDOR: "other",
      RCLONE_CONFIG_GW_USER: me.username,
      RCLONE_CONFIG_GW_PASS: (await run("rclone", ["obscure", DAV_PASSWORD])).out.trim(),
    };
    const dav = davClient(base, me.username);
    expect((await dav("MKCOL", "/dav/files/mounted/")).status).toBe(201);
    expect((await dav("PUT", "/dav/files/mounted/from-drive.txt", "드라이브에서 온 파일\n")).status).toBe(201);
    const at = join(work, "mnt");
    await mkdir(at, { recursive: true });
    const mount = new Deno.Command("rclone", {
      args: ["mount", "gw:", at, "--vfs-cache-mode", "writes", "--dir-cache-time", "1s", "--cache-dir", join(work, "vfs")],
      env: { ...Deno.env.toObject(), ...env }, stdout: "null", stderr: "null",
    }).spawn();
    try {
      await expect.poll(async () => {
        try {
          return (await readdir(at)).includes("mounted");
        } catch {
          return false;
        }
      }, { timeout: 15_000, interval: 200 }).toBe(true);
      expect(await readFile(join(at, "mounted", "from-drive.txt"), "utf8")).toBe("드라이브에서 온 파일\n");
      await writeFile(join(at, "mounted", "보고서.txt"), "마운트한 폴더에 쓴 글\n");
      // rclone uploads a written file once it is closed (vfs-cache-mode writes).
      await expect.poll(async () => (await dav("GET", "/dav/files/mounted/%EB%B3%B4%EA%B3%A0%EC%84%9C.txt")).text, { timeout: 15_000, interval: 200 })
        .toBe("마운트한 폴더에 쓴 글\n");
      expect((await readdir(join(at, "mounted"))).sort()).toEqual(["from-drive.txt", "보고서.txt"]);
    } finally {
      await run("fusermount3", ["-u", at], { allowFail: true });
      // Unmounting ends rclone mount by itself; kill only one still running (kill on an ended child throws).
      try {
        mount.kill();
      } catch { /* it had already ended ("Child process has already terminated") */ }
      await mount.status;
    }
  }, 60_000);
});

describe("cadaver", () => {
  it("makes a folder, puts, gets and moves files from a script", async () => {
    const home = join(work, "cadaver-home");
    await mkdir(home, { recursive: true });
    await writeFile(join(home, ".netrc"), `machine 127.0.0.1\nlogin ${me.username}\npassword ${DAV_PASSWORD}\n`, { mode: 0o600 });
    await writeFile(join(work, "local.txt"), "put by cadaver\n");
    const script = [
      "mkcol cad", "cd cad", `put ${join(work, "local.txt")} first.txt`, "move first.txt second.txt",
      `get second.txt ${join(work, "back.txt")}`, "ls", "quit", "",
    ].join("\n");
    const r = await run("cadaver", [`${base}/dav/files/`], { env: { HOME: home }, input: script, timeoutMs: 20_000 });
    expect(r.out).toContain("second.txt");
    expect(await readFile(join(work, "back.txt"), "utf8")).toBe("put by cadaver\n");
    const dav = davClient(base, me.username);
    expect((await dav("GET", "/dav/files/cad/second.txt")).text).toBe("put by cadaver\n");
    expect((await dav("GET", "/dav/files/cad/first.txt")).status).toBe(404);
  }, 30_000);
});
