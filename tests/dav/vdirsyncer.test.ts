// Debian's vdirsyncer syncing one calendar both ways with a local folder of .ics files (create, modify and
// delete on each side, Korean text included), and Debian's khal listing the synced events: clients nobody
// here wrote, against the server on loopback. vdirsyncer names files it uploads after the UID only when the
// UID is "safe"; the event with an "@" in its UID goes up under a random name the server must keep.
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member, timed } from "../calendar/helpers.ts";
import { DAV_PASSWORD, run, serveApp, setClientPassword, vevent } from "./support.ts";

const t = await createTestApp();
const api = calendarApi(t);
const base = serveApp(t);
let A: Co;
let kim: Member;
let cal = 0;
let dir = "";
let local = "";

beforeAll(async () => {
  A = await company(t, "dav-vdir.test");
  kim = await A.user("kim");
  await setClientPassword(t, A.companyId, kim.id);
  cal = (await api.add(kim, { title: "동기화" })).id;
  dir = await Deno.makeTempDir({ prefix: "gw-vdirsyncer-" });
  local = join(dir, "cals", String(cal));
  await Deno.writeTextFile(join(dir, "vdirsyncer.conf"), `
[general]
status_path = "${dir}/status/"

[pair cal]
a = "local"
b = "server"
collections = ["${cal}"]
conflict_resolution = "b wins"

[storage local]
type = "filesystem"
path = "${dir}/cals/"
fileext = ".ics"

[storage server]
type = "caldav"
url = "${base}/"
username = "${kim.username}"
password = "${DAV_PASSWORD}"
`);
  await Deno.writeTextFile(join(dir, "khal.conf"), `
[calendars]
[[synced]]
path = ${local}/
type = calendar

[sqlite]
path = ${dir}/khal.db

[locale]
local_timezone = Asia/Seoul
default_timezone = Asia/Seoul
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M

[default]
default_calendar = synced
`);
  return async () => await Deno.remove(dir, { recursive: true }).catch(() => {});
});

const vdirsyncer = (...args: string[]) =>
  run("/usr/bin/vdirsyncer", ["-c", join(dir, "vdirsyncer.conf"), ...args], { input: "y\n".repeat(10), env: { LANG: "C.UTF-8", LC_ALL: "C.UTF-8" } });

async function localFiles(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const e of Deno.readDir(local)) if (e.isFile && e.name.endsWith(".ics")) out.set(e.name, await Deno.readTextFile(join(local, e.name)));
  return out;
}

const summaries = (files: Map<string, string>) =>
  [...files.values()].map((text) => /^SUMMARY:(.*)$/m.exec(text)![1].trim()).sort();

const listed = async () => (await api.list(kim, [cal], "2026-11-01", "2026-12-01")).map((i) => i.name).sort();

test("vdirsyncer syncs both ways; khal lists what it synced", async () => {
  // Server side first: two events made in the browser.
  const kept = await api.createEvent(kim, timed(cal, "팀 회의", "2026-11-10T10:00", "2026-11-10T11:00"));
  const doomed = await api.createEvent(kim, timed(cal, "Dropped", "2026-11-11T10:00", "2026-11-11T11:00"));
  await vdirsyncer("discover", "cal");
  await vdirsyncer("sync");
  expect(summaries(await localFiles())).toEqual(["Dropped", "팀 회의"]);

  // Local side: a new file (a UID with "@"), one changed, one deleted.
  await Deno.writeTextFile(join(local, "local-new.ics"), vevent("local-1@laptop.example", "노트북에서 추가", "20261112T090000", "20261112T100000"));
  const files = await localFiles();
  const [keptFile] = [...files].find(([, text]) => text.includes(kept.eventUId))!;
  const [doomedFile] = [...files].find(([, text]) => text.includes(doomed.eventUId))!;
  await Deno.writeTextFile(join(local, keptFile), files.get(keptFile)!.replace("SUMMARY:팀 회의", "SUMMARY:팀 회의 (장소 변경)"));
  await Deno.remove(join(local, doomedFile));
  await vdirsyncer("sync");
  expect(await listed()).toEqual(["노트북에서 추가", "팀 회의 (장소 변경)"]);

  // Server side again: a change, a new event, a deletion, all in the API.
  const fromLaptop = (await api.list(kim, [cal], "2026-11-01", "2026-12-01")).find((i) => i.name === "노트북에서 추가")!;
  await api.patchEvent(kim, fromLaptop.id, { summary: "노트북에서 추가 (수정)" });
  await api.createEvent(kim, timed(cal, "Server new", "2026-11-13T15:00", "2026-11-13T16:00"));
  expect((await api.raw("DELETE", `/api/calendar/event/${kept.id}`, kim)).status).toBe(204);
  await vdirsyncer("sync");
  expect(summaries(await localFiles())).toEqual(["Server new", "노트북에서 추가 (수정)"]);

  // A second sync with nothing changed changes nothing.
  const before = await localFiles();
  await vdirsyncer("sync");
  expect(await localFiles()).toEqual(before);

  // khal reads the synced folder.
  const khal = await run("/usr/bin/khal", ["-c", join(dir, "khal.conf"), "list", "2026-11-01", "30d"], { env: { LANG: "C.UTF-8", LC_ALL: "C.UTF-8", TZ: "Asia/Seoul" } });
  expect(khal.out).toContain("노트북에서 추가 (수정)");
  expect(khal.out).toMatch(/15:00-16:00 Server new/);
}, 120_000);
