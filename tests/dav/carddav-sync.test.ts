// sync-collection on address books (RFC 6578): from a token, the cards added, changed (in the browser API,
// by a group rename that changes their CATEGORIES, over CardDAV) and deleted (404) since; a card purged from
// the trash after 7 days still shows as deleted to a sync that started before; a card moved to another
// customer group leaves one book and joins the other; tokens of another book or from the future: 403
// valid-sync-token; getctag follows. Tombstones older than 90 days are pruned and tokens from before them
// refused (the client reads the book again).
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { companies } from "../../db/schema/companies.ts";
import { contactCards } from "../../db/schema/contacts.ts";
import { contactDavBooks, contactDavCards } from "../../db/schema/contacts-dav.ts";
import { purgeTrash } from "../../server/modules/contacts/cards/service.ts";
import { pruneTombstones } from "../../server/modules/contacts/dav/prune.ts";
import { createTestApp } from "../support/test-app.ts";
import { company, contactsApi, person } from "../contacts/helpers.ts";
import { dav, readMultistatus, serveApp } from "./support.ts";
import { customersApi, propfind, syncCollection, VCARD, vcard, cardDavCast } from "./carddav-support.ts";

const t = await createTestApp();
const base = serveApp(t);
const api = contactsApi(t);
const customers = customersApi(t);
const { kim, book, me } = await cardDavCast(t, "carddav-sync.test");
async function sync(path: string, token: string) {
  const r = await dav(base, me(), "REPORT", path, syncCollection(token), { depth: "0" });
  expect(r.status, r.text).toBe(207);
  const m = readMultistatus(r.text);
  return {
    token: m.syncToken!,
    changed: m.responses.filter((x) => x.status === null).map((x) => x.href).sort(),
    gone: m.responses.filter((x) => x.status === 404).map((x) => x.href).sort(),
  };
}
const ctag = async (path: string) =>
  readMultistatus((await dav(base, me(), "PROPFIND", path, propfind("<cs:getctag/>"), { depth: "0" })).text).responses[0].props.get("{http://calendarserver.org/ns/}getctag")!.text;

test("changes in the API, a group rename and DAV writes show in the next sync; deletions as 404, also after the purge", async () => {
  const a = await api.addCard(kim, person("Alpha", "alpha@example.com"));
  const b = await api.addCard(kim, person("Beta", "beta@example.com"));
  const first = await sync(book, "");
  expect(first.changed).toEqual([`${book}${a.id}.vcf`, `${book}${b.id}.vcf`]);
  expect(await ctag(book)).toBe(first.token);

  expect(await sync(book, first.token)).toEqual({ token: first.token, changed: [], gone: [] });
  const c = await api.addCard(kim, person("Gamma", "gamma@example.com"));
  await api.ok(200, "PUT", `/api/contact/card/${a.id}`, kim, { cardData: person("Alpha 2", "alpha@example.com") });
  await api.ok(200, "DELETE", "/api/contact/card", kim, { cardIdList: [b.id] });
  const second = await sync(book, first.token);
  expect(second.changed).toEqual([`${book}${a.id}.vcf`, `${book}${c.id}.vcf`].sort());
  expect(second.gone).toEqual([`${book}${b.id}.vcf`]);
  expect(await ctag(book)).toBe(second.token);

  // A group rename changes its cards' CATEGORIES (and its own group vCard, carddav-groups.test.ts).
  const g = await api.addGroup(kim, "Team");
  await api.ok(200, "PUT", "/api/contact/relation", kim, { cardIdList: [c.id], contactGroupIdList: [g.id] });
  const third = await sync(book, second.token);
  expect(third.changed).toEqual([`${book}${c.id}.vcf`, `${book}group-${g.id}.vcf`]);
  await api.ok(200, "PUT", `/api/contact/group/${g.id}/groupName`, kim, { groupName: "Team 2" });
  const fourth = await sync(book, third.token);
  expect(fourth.changed).toEqual([`${book}${c.id}.vcf`, `${book}group-${g.id}.vcf`]);
  expect((await dav(base, me(), "GET", `${book}${c.id}.vcf`)).text).toContain("CATEGORIES:Team 2");

  // Over CardDAV: a new card under the client's name, then its deletion.
  expect((await dav(base, me(), "PUT", `${book}from-phone.vcf`, vcard("phone-9", "Delta Phone", "delta@example.com"), VCARD)).status).toBe(201);
  const fifth = await sync(book, fourth.token);
  expect(fifth.changed).toEqual([`${book}from-phone.vcf`]);
  expect((await dav(base, me(), "DELETE", `${book}from-phone.vcf`)).status).toBe(204);
  expect(await sync(book, fifth.token)).toMatchObject({ changed: [], gone: [`${book}from-phone.vcf`] });

  // Restored from the trash in the browser: back in the next sync.
  await api.ok(200, "DELETE", "/api/contact/card", kim, { cardIdList: [c.id] });
  const trashed = await sync(book, fifth.token);
  expect(trashed.gone).toContain(`${book}${c.id}.vcf`);
  expect(trashed.changed).toEqual([`${book}group-${g.id}.vcf`]); // it left its group's member list
  await api.ok(200, "PUT", "/api/contact/card/restore", kim, { cardIdList: [c.id] });
  expect((await sync(book, trashed.token)).changed).toEqual([`${book}${c.id}.vcf`, `${book}group-${g.id}.vcf`]);

  // Beta leaves the trash for good 7 days later: a sync from before its deletion still hears of it.
  await t.db.db.update(contactCards).set({ deletedAt: new Date(t.clock.now().getTime() - 8 * 86_400_000) }).where(eq(contactCards.id, b.id));
  expect(await purgeTrash(t.deps, 7)).toBeGreaterThanOrEqual(1);
  const late = await sync(book, first.token);
  expect(late.gone).toContain(`${book}${b.id}.vcf`);
  expect(late.gone).toContain(`${book}from-phone.vcf`);
  expect(late.changed).not.toContain(`${book}${b.id}.vcf`);
});

test("a customer card moved between groups leaves one book and joins the other; foreign and future tokens: 403", async () => {
  const g1 = (await customers.addGroup(kim, { groupName: "Sync One", isPublic: true })).id;
  const g2 = (await customers.addGroup(kim, { groupName: "Sync Two", isPublic: true })).id;
  const one = `/dav/addressbooks/${kim.username}/customer-${g1}/`;
  const two = `/dav/addressbooks/${kim.username}/customer-${g2}/`;
  const card = await customers.addCard(kim, g1, person("Mover", "mover@customer.example"));
  const s1 = await sync(one, "");
  const s2 = await sync(two, "");
  expect(s1.changed).toEqual([`${one}${card.id}.vcf`]);
  expect(s2.changed).toEqual([]);
  await api.ok(200, "PATCH", "/api/customer/card/move", kim, { cardIdList: [card.id], targetGroupId: g2, isCopy: false });
  expect((await sync(one, s1.token)).gone).toEqual([`${one}${card.id}.vcf`]);
  expect((await sync(two, s2.token)).changed).toEqual([`${two}${card.id}.vcf`]);

  const foreign = await dav(base, me(), "REPORT", two, syncCollection(s1.token), { depth: "0" });
  expect(foreign.status).toBe(403);
  expect(foreign.text).toContain("valid-sync-token");
  const future = s2.token.replace(/-(\d+)$/, (_, n) => `-${Number(n) + 100}`);
  expect((await dav(base, me(), "REPORT", two, syncCollection(future), { depth: "0" })).status).toBe(403);
});

test("a company with cards and CardDAV history can still be deleted (the triggers leave it alone)", async () => {
  const B = await company(t, "carddav-sync-gone.test");
  const u = await B.user("lee");
  await api.addCard(u, person("Soon Gone", "gone@example.com"));
  await customers.addCard(u, (await customers.addGroup(u, { groupName: "Gone", isPublic: true })).id, person("Gone Too", "gone2@example.com"));
  await t.db.db.delete(companies).where(eq(companies.id, B.companyId));
  expect(await t.db.db.select().from(contactDavBooks).where(eq(contactDavBooks.companyId, B.companyId))).toEqual([]);
  expect(await t.db.db.select().from(contactDavCards).where(eq(contactDavCards.companyId, B.companyId))).toEqual([]);
});

test("tombstones are pruned after 90 days: a token from before is refused, a later one still works", async () => {
  const old = await api.addCard(kim, person("Old Card", "old@example.com"));
  const before = await sync(book, "");
  await api.ok(200, "DELETE", "/api/contact/card", kim, { cardIdList: [old.id] });
  const after = await sync(book, before.token);
  expect(after.gone).toEqual([`${book}${old.id}.vcf`]);
  await t.db.db.update(contactDavCards).set({ changedAt: new Date(t.clock.now().getTime() - 100 * 86_400_000) })
    .where(eq(contactDavCards.cardId, old.id));
  expect(await pruneTombstones(t.deps)).toBe(1);
  const refused = await dav(base, me(), "REPORT", book, syncCollection(before.token), { depth: "0" });
  expect(refused.status).toBe(403);
  expect(refused.text).toContain("valid-sync-token");
  expect(await sync(book, after.token)).toEqual({ token: after.token, changed: [], gone: [] });
  // The full sync a refused client does next lists the book without the card.
  expect((await sync(book, "")).changed).not.toContain(`${book}${old.id}.vcf`);
});

test("a card restored from the trash after a new card took its resource name comes back under its default name", async () => {
  const path = `${book}shared-name.vcf`;
  expect((await dav(base, me(), "PUT", path, vcard("first-uid", "First Holder", "first@example.com"), VCARD)).status).toBe(201);
  const first = (await api.list(kim)).content.find((c) => c.userName === "First Holder")!;
  expect((await dav(base, me(), "DELETE", path)).status).toBe(204);
  const token = (await sync(book, "")).token;
  expect((await dav(base, me(), "PUT", path, vcard("second-uid", "Second Holder", "second@example.com"), VCARD)).status).toBe(201);
  await api.ok(200, "PUT", "/api/contact/card/restore", kim, { cardIdList: [first.id] });
  const after = await sync(book, token);
  expect(after.changed).toEqual([`${book}${first.id}.vcf`, path].sort());
  expect(after.gone).toEqual([]);
  expect((await dav(base, me(), "GET", path)).text).toContain("FN:Second Holder");
  expect((await dav(base, me(), "GET", `${book}${first.id}.vcf`)).text).toContain("FN:First Holder");
});
