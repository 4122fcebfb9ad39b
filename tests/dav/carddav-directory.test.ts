// The company directory book (server/modules/contacts/dav/directory.ts): a read-only address book of the
// user's active colleagues (name, address, ORG with the organisation, TITLE), listed by PROPFIND and tsdav,
// PUT and DELETE answered 403 need-privileges; an org-chart-restricted user sees only the members of their
// own organisations (as the chart's member lists show them); another company's users are never there;
// sync-collection reports a colleague added or changed, and a deactivated one as deleted (404).
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { contactDavPeople } from "../../db/schema/contacts-dav-groups.ts";
import { pruneTombstones } from "../../server/modules/contacts/dav/prune.ts";
import * as tsdav from "tsdav";
import { createTestApp } from "../support/test-app.ts";
import { type Co, company, type Member } from "../contacts/helpers.ts";
import { DAV_PASSWORD, dav, readMultistatus, serveApp, setClientPassword } from "./support.ts";
import { propfind, syncCollection, VCARD, vcard } from "./carddav-support.ts";

const t = await createTestApp();
const base = serveApp(t);
let A: Co;
let B: Co;
let sales = 0;
let dev = 0;
const u: Record<string, Member> = {};

beforeAll(async () => {
  A = await company(t, "carddav-dir-a.test");
  B = await company(t, "carddav-dir-b.test");
  sales = await A.org("영업부");
  dev = await A.org("개발부");
  u.kim = await A.user("kim", [sales], { position: "대리" });
  u.lee = await A.user("lee", [dev], { jobGrade: "과장" });
  u.choi = await A.user("choi", [sales], { isOrgChartRestricted: true });
  u.park = await B.user("park");
  for (const [who, m] of Object.entries(u)) await setClientPassword(t, who === "park" ? B.companyId : A.companyId, m.id);
});

const dir = (m: Member) => `/dav/addressbooks/${m.username}/directory/`;
const admin = (id: number, json: Record<string, unknown>) => t.call("PUT", `/api/admin/users/${id}`, { token: A.admin.token, json });

async function cards(m: Member): Promise<Map<string, string>> {
  const r = await dav(base, { username: m.username }, "PROPFIND", dir(m), propfind("<d:getetag/><cr:address-data/>"), { depth: "1" });
  expect(r.status, r.text).toBe(207);
  const out = new Map<string, string>();
  for (const x of readMultistatus(r.text).responses) {
    const data = x.props.get("{urn:ietf:params:xml:ns:carddav}address-data")?.text;
    if (data) out.set(/^FN:(.*)$/m.exec(data)![1].trim(), data);
  }
  return out;
}
async function sync(m: Member, token: string) {
  const r = await dav(base, { username: m.username }, "REPORT", dir(m), syncCollection(token), { depth: "0" });
  expect(r.status, r.text).toBe(207);
  const ms = readMultistatus(r.text);
  return {
    token: ms.syncToken!,
    changed: ms.responses.filter((x) => x.status === null).map((x) => x.href).sort(),
    gone: ms.responses.filter((x) => x.status === 404).map((x) => x.href).sort(),
  };
}

test("colleagues are listed with their organisation and position; the book is read-only; another company is not there", async () => {
  const seen = await cards(u.kim);
  // Kim, Lee, Choi and the company's administrator.
  expect(seen.size).toBe(4);
  expect([...seen.keys()]).toEqual(expect.arrayContaining(["Choi", "Kim", "Lee"]));
  const kim = seen.get("Kim")!;
  expect(kim).toContain(`EMAIL;TYPE=INTERNET,WORK:${u.kim.username}`);
  expect(kim).toMatch(/^ORG:[^\r\n]*;영업부\r?$/m);
  expect(kim).toMatch(/^TITLE:대리\r?$/m);
  expect(seen.get("Lee")).toMatch(/^TITLE:과장\r?$/m);
  expect([...seen.values()].some((v) => v.includes("park@"))).toBe(false);
  const kimHref = `${dir(u.kim)}${u.kim.id}.vcf`;
  const got = await dav(base, { username: u.kim.username }, "GET", `${dir(u.kim)}${u.lee.id}.vcf`, undefined, { accept: "text/vcard; version=4.0" });
  expect(got.status).toBe(200);
  expect(got.text).toMatch(/^VERSION:4\.0\r?$/m);
  // Another company's user: 404 by id; their own directory has only them.
  expect((await dav(base, { username: u.kim.username }, "GET", `${dir(u.kim)}${u.park.id}.vcf`)).status).toBe(404);
  expect((await cards(u.park)).size).toBe(2);
  expect([...(await cards(u.park)).keys()]).toContain("Park");
  expect([...(await cards(u.park)).values()].some((v) => v.includes("carddav-dir-a.test"))).toBe(false);

  // Read-only: PUT (new or over a colleague), DELETE and PROPPATCH answer 403 need-privileges.
  for (
    const r of [
      await dav(base, { username: u.kim.username }, "PUT", `${dir(u.kim)}new.vcf`, vcard("n-1", "New One", "n@example.com"), VCARD),
      await dav(base, { username: u.kim.username }, "PUT", kimHref, vcard("n-2", "Kim Again", "k@example.com"), VCARD),
      await dav(base, { username: u.kim.username }, "DELETE", kimHref),
    ]
  ) {
    expect(r.status).toBe(403);
    expect(r.text).toContain("need-privileges");
  }
  const privs = readMultistatus((await dav(base, { username: u.kim.username }, "PROPFIND", dir(u.kim), propfind("<d:current-user-privilege-set/>"), { depth: "0" })).text)
    .responses[0].props.get("{DAV:}current-user-privilege-set")!.children.map((c) => c.children[0].name);
  expect(privs).toContain("read");
  expect(privs).not.toContain("write");

  // tsdav finds the book and reads its cards.
  const client = await tsdav.createDAVClient({
    serverUrl: base, credentials: { username: u.kim.username, password: DAV_PASSWORD }, authMethod: "Basic", defaultAccountType: "carddav",
  });
  const book = (await client.fetchAddressBooks()).find((b) => b.url.endsWith("/directory/"))!;
  const vcards = await client.fetchVCards({ addressBook: book });
  expect(vcards.length).toBe(4);
  expect(vcards.some((v) => String(v.data).includes("FN:Lee"))).toBe(true);
});

test("an org-chart-restricted user sees only the members of their own organisations", async () => {
  const seen = await cards(u.choi);
  expect([...seen.keys()].sort()).toEqual(["Choi", "Kim"]);
  expect((await dav(base, { username: u.choi.username }, "GET", `${dir(u.choi)}${u.lee.id}.vcf`)).status).toBe(404);
  // Their token names what they may see: moved to another organisation, the old token is refused.
  const s = await sync(u.choi, "");
  const moved = await t.call("PUT", `/api/admin/users/${u.choi.id}/organizations`, {
    token: A.admin.token, json: { relations: [{ organId: dev, manager: false }], organId: dev },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  const r = await dav(base, { username: u.choi.username }, "REPORT", dir(u.choi), syncCollection(s.token), { depth: "0" });
  expect(r.status).toBe(403);
  expect(r.text).toContain("valid-sync-token");
  expect([...(await cards(u.choi)).keys()].sort()).toEqual(["Choi", "Lee"]);
});

test("sync-collection: a colleague added or changed is listed, a deactivated one reported as deleted", async () => {
  const first = await sync(u.kim, "");
  expect(first.changed).toContain(`${dir(u.kim)}${u.lee.id}.vcf`);
  expect(await sync(u.kim, first.token)).toEqual({ token: first.token, changed: [], gone: [] });

  const han = await A.user("han", [sales]);
  expect((await admin(u.lee.id, { position: "팀장" })).status).toBe(200);
  const second = await sync(u.kim, first.token);
  expect(second.changed).toEqual([`${dir(u.kim)}${han.id}.vcf`, `${dir(u.kim)}${u.lee.id}.vcf`].sort());
  expect(second.gone).toEqual([]);

  expect((await admin(u.lee.id, { status: "INACTIVE" })).status).toBe(200);
  const third = await sync(u.kim, second.token);
  expect(third.gone).toEqual([`${dir(u.kim)}${u.lee.id}.vcf`]);
  expect(third.changed).toEqual([]);
  expect([...(await cards(u.kim)).keys()]).not.toContain("Lee");
  // Another company's changes do not move this book.
  expect((await B.user("yoon")).id).toBeGreaterThan(0);
  expect(await sync(u.kim, third.token)).toEqual({ token: third.token, changed: [], gone: [] });

  // 90 days on, the deactivation's tombstone is pruned: a token from before it is refused, a later one works.
  await t.db.db.update(contactDavPeople).set({ changedAt: new Date(t.clock.now().getTime() - 100 * 86_400_000) })
    .where(eq(contactDavPeople.userId, u.lee.id));
  expect(await pruneTombstones(t.deps)).toBeGreaterThanOrEqual(1);
  const refused = await dav(base, { username: u.kim.username }, "REPORT", dir(u.kim), syncCollection(second.token), { depth: "0" });
  expect(refused.status).toBe(403);
  expect(refused.text).toContain("valid-sync-token");
  expect(await sync(u.kim, third.token)).toEqual({ token: third.token, changed: [], gone: [] });
});
