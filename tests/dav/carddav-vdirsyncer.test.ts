// Debian's vdirsyncer syncing the private address book both ways with a local folder of .vcf files, and
// Debian's khard reading and writing that folder: clients nobody here wrote, against the server on loopback.
// Cards made in the browser reach khard; a card khard makes, one edited in the file and one deleted reach
// the API; later changes and a deletion in the API reach the folder; a second sync changes nothing.
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { type Co, company, contactsApi, type Member, person } from "../contacts/helpers.ts";
import { DAV_PASSWORD, run, serveApp, setClientPassword } from "./support.ts";

const t = await createTestApp();
const api = contactsApi(t);
const base = serveApp(t);
let A: Co;
let kim: Member;
let dir = "";
let local = "";

beforeAll(async () => {
  A = await company(t, "carddav-vdir.test");
  kim = await A.user("kim");
  await setClientPassword(t, A.companyId, kim.id);
  dir = await Deno.makeTempDir({ prefix: "gw-carddav-" });
  local = join(dir, "books", "contacts");
  await Deno.writeTextFile(join(dir, "vdirsyncer.conf"), `
[general]
status_path = "${dir}/status/"

[pair book]
a = "local"
b = "server"
collections = ["contacts"]
conflict_resolution = "b wins"

[storage local]
type = "filesystem"
path = "${dir}/books/"
fileext = ".vcf"

[storage server]
type = "carddav"
url = "${base}/"
username = "${kim.username}"
password = "${DAV_PASSWORD}"
`);
  await Deno.writeTextFile(join(dir, "khard.conf"), `
[addressbooks]
[[synced]]
path = ${local}/

[general]
debug = no
default_action = list
editor = /bin/true
merge_editor = /bin/true

[contact table]
display = formatted_name
group_by_addressbook = no
reverse = no
show_nicknames = no
show_uids = yes
sort = last_name
localize_dates = yes
preferred_phone_number_type = pref, cell, home
preferred_email_address_type = pref, work, home

[vcard]
private_objects = Jabber,
preferred_version = 3.0
search_in_source_files = no
skip_unparsable = no
`);
  return async () => await Deno.remove(dir, { recursive: true }).catch(() => {});
});

const ENV = { LANG: "C.UTF-8", LC_ALL: "C.UTF-8", HOME: "/tmp" };
const vdirsyncer = (...args: string[]) => run("/usr/bin/vdirsyncer", ["-c", join(dir, "vdirsyncer.conf"), ...args], { input: "y\n".repeat(10), env: ENV });
const khard = (args: string[], input?: string) => run("/usr/bin/khard", ["-c", join(dir, "khard.conf"), ...args], { env: { ...ENV, EDITOR: "/bin/true" }, input });

async function localFiles(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const e of Deno.readDir(local)) if (e.isFile && e.name.endsWith(".vcf")) out.set(e.name, await Deno.readTextFile(join(local, e.name)));
  return out;
}

const fns = (files: Map<string, string>) => [...files.values()].map((text) => /^FN:(.*)$/m.exec(text)![1].trim()).sort();

test("vdirsyncer syncs the private book both ways; khard lists, adds and removes cards", async () => {
  const kept = await api.addCard(kim, person("김민수", "minsu@example.com", { telList: ["010-1111-2222"], company: "에이크미" }));
  const doomed = await api.addCard(kim, person("Dropped Card", "dropped@example.com"));
  await vdirsyncer("discover", "book");
  await vdirsyncer("sync");
  expect(fns(await localFiles())).toEqual(["Dropped Card", "김민수"]);
  const listed = await khard(["list", "--parsable"]);
  expect(listed.out).toContain("김민수");
  expect((await khard(["email", "--parsable", "minsu"])).out).toContain("minsu@example.com");

  // Local side: khard makes a card; a file is edited; another is removed with khard.
  await khard(["new", "-a", "synced"], [
    "Formatted name : Laptop Lee", "First name : Laptop", "Last name : Lee", "Nickname : laps",
    "Email :", "    work : laptop.lee@example.com", "Phone :", "    cell : 010-3333-4444", "",
  ].join("\n"));
  const files = await localFiles();
  const [keptFile] = [...files].find(([, text]) => text.includes("minsu@example.com"))!;
  await Deno.writeTextFile(join(local, keptFile), files.get(keptFile)!.replace("FN:김민수", "FN:김민수 과장"));
  await khard(["remove", "--force", "dropped@example.com"]);
  await vdirsyncer("sync");
  expect((await api.names(kim)).sort()).toEqual(["Laptop Lee", "김민수 과장"].sort());
  expect((await api.detail(kim, doomed.id)).deletedTimeMillis).not.toBeNull();
  const laptop = (await api.list(kim)).content.find((c) => c.userName === "Laptop Lee")!;
  expect(laptop).toMatchObject({ emailList: ["laptop.lee@example.com"], telList: ["010-3333-4444"] });

  // Server side again: a change, a new card and a deletion in the API.
  await api.ok(200, "PUT", `/api/contact/card/${laptop.id}`, kim, { cardData: person("Laptop Lee (web)", "laptop.lee@example.com") });
  await api.addCard(kim, person("Server New", "server.new@example.com"));
  await api.ok(200, "DELETE", "/api/contact/card", kim, { cardIdList: [kept.id] });
  await vdirsyncer("sync");
  const after = await localFiles();
  expect(fns(after)).toEqual(["Laptop Lee (web)", "Server New"]);
  // The nickname khard wrote survived the web edit (a property the card model has no field for).
  expect([...after.values()].find((v) => v.includes("Laptop Lee (web)"))).toMatch(/^NICKNAME:laps/m);

  const before = await localFiles();
  await vdirsyncer("sync");
  expect(await localFiles()).toEqual(before);
  const shown = await khard(["list", "--parsable"]);
  expect(shown.out).toContain("Laptop Lee (web)");
  expect(shown.out).toContain("Server New");
  expect(shown.out).not.toContain("김민수");
}, 60_000);

test("vdirsyncer carries group vCards both ways: a group from the browser reaches the folder, a renamed, emptied and a new group file reach the API", async () => {
  const serverNew = (await api.list(kim)).content.find((c) => c.userName === "Server New")!;
  const team = await api.addGroup(kim, "Team");
  await api.ok(200, "PUT", "/api/contact/relation", kim, { cardIdList: [serverNew.id], contactGroupIdList: [team.id] });
  await vdirsyncer("sync");
  const files = await localFiles();
  const [groupFile, groupText] = [...files].find(([, text]) => /^X-ADDRESSBOOKSERVER-KIND:group/m.test(text))!;
  const memberText = [...files.values()].find((v) => v.includes("FN:Server New"))!;
  const memberUid = /^UID:(.*)$/m.exec(memberText)![1].trim();
  expect(groupText).toMatch(/^FN:Team\r?$/m);
  expect(groupText).toContain(`X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:${memberUid}`);
  expect(memberText).toMatch(/^CATEGORIES:Team\r?$/m);

  // In the folder: the group renamed and emptied; a new group file as an iPhone would write it.
  await Deno.writeTextFile(
    join(local, groupFile),
    groupText.replace(/^FN:Team\r?$/m, "FN:Team B").replace(/^X-ADDRESSBOOKSERVER-MEMBER:.*\r?\n/gm, ""),
  );
  const laptopUid = /^UID:(.*)$/m.exec([...files.values()].find((v) => v.includes("FN:Laptop Lee (web)"))!)![1].trim();
  await Deno.writeTextFile(join(local, "lab-group-1.vcf"), [
    "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//iPhone OS 17.5//EN", "N:Lab", "FN:Lab", "X-ADDRESSBOOKSERVER-KIND:group",
    `X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:${laptopUid}`, "UID:lab-group-1", "END:VCARD", "",
  ].join("\r\n"));
  await vdirsyncer("sync");
  const groups = await api.ok<{ id: number; groupName: string; totalCount: number }[]>(200, "GET", "/api/contact/group/private", kim);
  expect(groups.map((g) => [g.groupName, g.totalCount]).sort()).toEqual([["Lab", 1], ["Team B", 0]]);
  const lab = groups.find((g) => g.groupName === "Lab")!;
  expect((await api.list(kim, { groupId: lab.id })).content.map((c) => c.userName)).toEqual(["Laptop Lee (web)"]);

  // The server's answer comes back: the cards' CATEGORIES follow; one more sync changes nothing.
  await vdirsyncer("sync");
  const after = await localFiles();
  expect([...after.values()].find((v) => v.includes("FN:Server New"))).not.toContain("CATEGORIES");
  expect([...after.values()].find((v) => v.includes("FN:Laptop Lee (web)"))).toMatch(/^CATEGORIES:Lab\r?$/m);
  await vdirsyncer("sync");
  expect(await localFiles()).toEqual(after);
  expect((await khard(["list", "--parsable"])).out).toContain("Server New");
}, 60_000);
