// The private groups as group vCards beside the cards (server/modules/contacts/dav/groups.ts): listed and
// synced with their own ETags, in vCard 3.0 as Apple's Contacts writes them (X-ADDRESSBOOKSERVER-KIND:group,
// X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:<card UID>) and in vCard 4.0 (KIND:group, MEMBER). Written as an
// iPhone writes them (raw HTTP with Apple's vCard 3.0, the card first, then the group under its own UUID
// name): made, renamed, emptied and deleted, each seen in the browser API; and the other way round, groups
// changed in the API show in the next sync. CATEGORIES and the member lists always agree.
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { contactCards } from "../../db/schema/contacts.ts";
import { createTestApp } from "../support/test-app.ts";
import { contactsApi, person } from "../contacts/helpers.ts";
import { dav, readMultistatus, serveApp } from "./support.ts";
import { multiget, propfind, syncCollection, VCARD, vcard, cardDavCast } from "./carddav-support.ts";

const t = await createTestApp();
const base = serveApp(t);
const api = contactsApi(t);
const { A, kim, book, me } = await cardDavCast(t, "carddav-groups.test");
async function sync(token: string) {
  const r = await dav(base, me(), "REPORT", book, syncCollection(token), { depth: "0" });
  expect(r.status, r.text).toBe(207);
  const m = readMultistatus(r.text);
  return {
    token: m.syncToken!,
    changed: m.responses.filter((x) => x.status === null).map((x) => x.href).sort(),
    gone: m.responses.filter((x) => x.status === 404).map((x) => x.href).sort(),
  };
}
const get = async (href: string, accept?: string) => {
  const r = await dav(base, me(), "GET", href, undefined, accept ? { accept } : {});
  expect(r.status, r.text).toBe(200);
  return { text: r.text, etag: r.headers.get("etag")! };
};
const uidOf = (text: string) => /^UID:(.*)$/m.exec(text)![1].trim();
const groupsInApi = async () => (await api.ok<{ id: number; groupName: string; totalCount: number }[]>(200, "GET", "/api/contact/group/private", kim));

/** A group vCard as Apple's Contacts (iOS 17) PUTs it. */
const appleGroup = (uid: string, name: string, members: string[]) =>
  [
    "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//Apple Inc.//iPhone OS 17.5//EN", `N:${name}`, `FN:${name}`, "X-ADDRESSBOOKSERVER-KIND:group",
    ...members.map((m) => `X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:${m}`), "REV:2026-12-05T08:00:00Z", `UID:${uid}`, "END:VCARD", "",
  ].join("\r\n");

test("groups made in the API are group vCards with their members, in 3.0 and 4.0, listed, multiget and synced", async () => {
  const a = await api.addCard(kim, person("Alpha", "alpha@example.com"));
  const b = await api.addCard(kim, person("Beta", "beta@example.com"));
  const g = await api.addGroup(kim, "Friends");
  const first = await sync("");
  expect(first.changed).toEqual([`${book}${a.id}.vcf`, `${book}${b.id}.vcf`, `${book}group-${g.id}.vcf`].sort());

  await api.ok(200, "PUT", "/api/contact/relation", kim, { cardIdList: [a.id, b.id], contactGroupIdList: [g.id] });
  const second = await sync(first.token);
  expect(second.changed).toEqual([`${book}${a.id}.vcf`, `${book}${b.id}.vcf`, `${book}group-${g.id}.vcf`].sort());
  const uidA = uidOf((await get(`${book}${a.id}.vcf`)).text);
  const uidB = uidOf((await get(`${book}${b.id}.vcf`)).text);
  const v3 = await get(`${book}group-${g.id}.vcf`);
  expect(v3.text).toMatch(/^X-ADDRESSBOOKSERVER-KIND:group\r$/m);
  expect(v3.text).toContain(`X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:${uidA}\r\n`);
  expect(v3.text).toContain(`X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:${uidB}\r\n`);
  expect(v3.text).toMatch(/^FN:Friends\r$/m);
  const v4 = await get(`${book}group-${g.id}.vcf`, "text/vcard; version=4.0");
  expect(v4.text).toMatch(/^KIND:group\r$/m);
  expect(v4.text).toContain(`MEMBER:urn:uuid:${uidA}\r\n`);
  expect(v4.text).not.toContain("X-ADDRESSBOOKSERVER");

  // PROPFIND depth 1 lists it with its ETag; multiget answers it beside a card.
  const listing = readMultistatus((await dav(base, me(), "PROPFIND", book, propfind("<d:getetag/>"), { depth: "1" })).text);
  expect(listing.responses.find((r) => r.href === `${book}group-${g.id}.vcf`)!.props.get("{DAV:}getetag")!.text).toBe(v3.etag);
  const mg = readMultistatus((await dav(base, me(), "REPORT", book, multiget([`${book}group-${g.id}.vcf`, `${book}${a.id}.vcf`], "4.0"), { depth: "1" })).text);
  expect(mg.responses.map((r) => r.status)).toEqual([null, null]);
  expect(mg.responses[0].props.get("{urn:ietf:params:xml:ns:carddav}address-data")!.text).toContain("KIND:group");

  // The other way round: changes in the API reach the group vCard in the next sync.
  await api.ok(200, "PUT", `/api/contact/group/${g.id}/groupName`, kim, { groupName: "Old Friends" });
  const third = await sync(second.token);
  expect(third.changed).toContain(`${book}group-${g.id}.vcf`);
  expect((await get(`${book}group-${g.id}.vcf`)).text).toMatch(/^FN:Old Friends\r$/m);
  await api.ok(200, "DELETE", "/api/contact/card", kim, { cardIdList: [b.id] }); // to the trash: no longer a member
  const fourth = await sync(third.token);
  expect(fourth.changed).toEqual([`${book}group-${g.id}.vcf`]);
  expect(fourth.gone).toEqual([`${book}${b.id}.vcf`]);
  expect((await get(`${book}group-${g.id}.vcf`)).text).not.toContain(uidB);
  await api.ok(204, "DELETE", `/api/contact/group/${g.id}`, kim);
  const fifth = await sync(fourth.token);
  // (Beta, in the trash, lost its relation too: a repeated 404 for it is allowed by RFC 6578 §3.5.)
  expect(fifth.gone.filter((h) => h !== `${book}${b.id}.vcf`)).toEqual([`${book}group-${g.id}.vcf`]);
  expect(fifth.changed).toEqual([`${book}${a.id}.vcf`]); // its CATEGORIES lost the group
  expect((await dav(base, me(), "GET", `${book}group-${g.id}.vcf`)).status).toBe(404);
});

test("an iPhone makes, renames, empties and deletes a group over CardDAV; the API shows each step", async () => {
  const cardUid = "6F1C2B0E-4A43-4C1D-9E55-2D8C1E0A7B11";
  const card = vcard(cardUid, "Gildong Hong", "gildong@example.com", ["PRODID:-//Apple Inc.//iPhone OS 17.5//EN"]);
  expect((await dav(base, me(), "PUT", `${book}${cardUid}.vcf`, card, { ...VCARD, "if-none-match": "*" })).status).toBe(201);
  const start = await sync("");

  const groupUid = "0D3E5A2C-8B7F-4E6A-A1B2-C3D4E5F60718";
  const href = `${book}${groupUid}.vcf`;
  const made = await dav(base, me(), "PUT", href, appleGroup(groupUid, "Family", [cardUid]), { ...VCARD, "if-none-match": "*" });
  expect(made.status, made.text).toBe(201);
  let family = (await groupsInApi()).find((x) => x.groupName === "Family")!;
  expect(family.totalCount).toBe(1);
  const cardApi = (await api.list(kim, { groupId: family.id })).content;
  expect(cardApi.map((c) => c.userName)).toEqual(["Gildong Hong"]);
  // Both kinds of clients agree: the card now carries the group as CATEGORIES, and both changed in the sync.
  expect((await get(`${book}${cardUid}.vcf`)).text).toMatch(/^CATEGORIES:Family\r$/m);
  const afterMade = await sync(start.token);
  expect(afterMade.changed).toEqual([href, `${book}${cardUid}.vcf`].sort());
  const served = await get(href);
  expect(uidOf(served.text)).toBe(groupUid);
  expect(served.text).toContain(`X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:${cardUid}`);

  // A second PUT under a new name with the same UID: no-uid-conflict.
  const twin = await dav(base, me(), "PUT", `${book}twin.vcf`, appleGroup(groupUid, "Twin", []), VCARD);
  expect(twin.status).toBe(403);
  expect(twin.text).toContain("no-uid-conflict");

  // Renamed on the phone (If-Match with its ETag); a stale ETag afterwards: 412.
  const renamed = await dav(base, me(), "PUT", href, appleGroup(groupUid, "Family & Co", [cardUid]), { ...VCARD, "if-match": served.etag });
  expect(renamed.status, renamed.text).toBe(204);
  family = (await groupsInApi()).find((x) => x.id === family.id)!;
  expect(family.groupName).toBe("Family & Co");
  expect((await dav(base, me(), "PUT", href, appleGroup(groupUid, "Stale", []), { ...VCARD, "if-match": served.etag })).status).toBe(412);

  // Emptied: the card leaves the group (and its CATEGORIES), the card itself stays.
  const current = await get(href);
  expect((await dav(base, me(), "PUT", href, appleGroup(groupUid, "Family & Co", []), { ...VCARD, "if-match": current.etag })).status).toBe(204);
  expect((await groupsInApi()).find((x) => x.id === family.id)!.totalCount).toBe(0);
  expect((await get(`${book}${cardUid}.vcf`)).text).not.toContain("CATEGORIES");
  expect(await api.names(kim)).toContain("Gildong Hong");

  // Deleted on the phone: gone in the API, 404 in the next sync; the card stays.
  const beforeDelete = await sync(afterMade.token);
  expect((await dav(base, me(), "DELETE", href)).status).toBe(204);
  expect((await groupsInApi()).some((x) => x.id === family.id)).toBe(false);
  expect((await sync(beforeDelete.token)).gone).toEqual([href]);
  expect(await api.names(kim)).toContain("Gildong Hong");
});

test("CATEGORIES written by a DAVx5-style client change the group vCard; a name is a card's or a group's", async () => {
  const uid = "davx5-card-1";
  const g = await api.addGroup(kim, "Work");
  const gHref = `${book}group-${g.id}.vcf`;
  const before = await get(gHref);
  expect((await dav(base, me(), "PUT", `${book}${uid}.vcf`, vcard(uid, "Cat Person", "cat@example.com", ["CATEGORIES:Work"]), VCARD)).status).toBe(201);
  const after = await get(gHref);
  expect(after.etag).not.toBe(before.etag);
  expect(after.text).toContain(`X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:${uid}`);

  // A group vCard cannot replace a card, nor a card a group; a new card cannot take a group's default name.
  expect((await dav(base, me(), "PUT", `${book}${uid}.vcf`, appleGroup("x-1", "X", []), VCARD)).status).toBe(403);
  expect((await dav(base, me(), "PUT", gHref, vcard("y-1", "Y Person", "y@example.com"), VCARD)).status).toBe(403);
  expect((await dav(base, me(), "PUT", `${book}group-999999.vcf`, vcard("z-1", "Z Person", "z@example.com"), VCARD)).status).toBe(403);
  // A member that is no card of the user is left out.
  const other = await A.user("other");
  const foreign = await api.addCard(other, person("Not Kim's", "nk@example.com"));
  const [{ uid: foreignUid }] = await t.db.db.select({ uid: contactCards.uid }).from(contactCards).where(eq(contactCards.id, foreign.id));
  const made = await dav(base, me(), "PUT", `${book}mixed.vcf`, appleGroup("mixed-1", "Mixed", [uid, foreignUid]), VCARD);
  expect(made.status, made.text).toBe(201);
  const mixed = (await groupsInApi()).find((x) => x.groupName === "Mixed")!;
  expect(mixed.totalCount).toBe(1);
  // A group with sub-groups cannot be deleted (the browser's 409): 403.
  await api.addGroup(kim, "Sub", mixed.id);
  expect((await dav(base, me(), "DELETE", `${book}mixed.vcf`)).status).toBe(403);
});
