// CardDAV discovery and who sees what (RFC 6764, RFC 6352 §6-7): /.well-known/carddav, the principal's
// addressbook-home-set, the home listing the private book and the customer groups the user reads (with
// supported-address-data, sync-token and getctag), the "addressbook" compliance class; permissions: a READ
// member cannot write (403 need-privileges), a group the user does not read, another user's card and another
// company's groups are missing (404); the module flags useContact and useCustomer.
import { eq } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import { companies } from "../../db/schema/companies.ts";
import { createTestApp } from "../support/test-app.ts";
import { type Co, company, contactsApi, type Member, person } from "../contacts/helpers.ts";
import { dav, hrefIn, readMultistatus, serveApp, setClientPassword } from "./support.ts";
import { customersApi, propfind, VCARD, vcard } from "./carddav-support.ts";

const t = await createTestApp();
const base = serveApp(t);
const contacts = contactsApi(t);
const customers = customersApi(t);
let A: Co;
let B: Co;
let kim: Member;
let lee: Member;
let park: Member;
let pub = 0;
let readOnly = 0;
let hidden = 0;

beforeAll(async () => {
  A = await company(t, "carddav-disc-a.test");
  B = await company(t, "carddav-disc-b.test");
  kim = await A.user("kim");
  lee = await A.user("lee");
  park = await B.user("park");
  for (const [co, u] of [[A, kim], [A, lee], [B, park]] as const) await setClientPassword(t, co.companyId, u.id);
  pub = (await customers.addGroup(lee, { groupName: "공개 고객", isPublic: true, domain: "acme.example" })).id;
  readOnly = (await customers.addGroup(lee, { groupName: "VIP", isPublic: false, members: [{ userId: kim.id, privilege: "READ" }] })).id;
  hidden = (await customers.addGroup(lee, { groupName: "Lee only", isPublic: false, members: [{ userId: lee.id, privilege: "READ_WRITE" }] })).id;
});

const me = (u: Member) => ({ username: u.username });

test("discovery: well-known, principal, home-set, the home's books and their properties", async () => {
  const wk = await dav(base, null, "PROPFIND", "/.well-known/carddav");
  expect(wk.status).toBe(301);
  expect(wk.headers.get("location")).toBe("/dav/");
  const options = await dav(base, null, "OPTIONS", "/dav/");
  expect(options.headers.get("dav")).toContain("addressbook");

  const root = readMultistatus((await dav(base, me(kim), "PROPFIND", "/dav/", propfind("<d:current-user-principal/>"), { depth: "0" })).text);
  const principal = hrefIn(root.responses[0].props.get("{DAV:}current-user-principal"));
  expect(principal).toBe(`/dav/principals/${kim.username}/`);
  const p = readMultistatus((await dav(base, me(kim), "PROPFIND", principal!, propfind("<cr:addressbook-home-set/><cr:principal-address/>"), { depth: "0" })).text);
  const home = hrefIn(p.responses[0].props.get("{urn:ietf:params:xml:ns:carddav}addressbook-home-set"));
  expect(home).toBe(`/dav/addressbooks/${kim.username}/`);
  expect(p.responses[0].others.get("{urn:ietf:params:xml:ns:carddav}principal-address")).toBe(404);

  const listing = await dav(base, me(kim), "PROPFIND", home!, propfind(
    "<d:resourcetype/><d:displayname/><cr:supported-address-data/><d:sync-token/><cs:getctag/><d:current-user-privilege-set/>",
  ), { depth: "1" });
  expect(listing.status).toBe(207);
  const books = readMultistatus(listing.text).responses.filter((r) => r.href !== home);
  expect(books.map((b) => b.href).sort()).toEqual([`${home}contacts/`, `${home}customer-${pub}/`, `${home}customer-${readOnly}/`, `${home}directory/`].sort());
  for (const b of books) {
    expect(b.props.get("{DAV:}resourcetype")!.children.map((c) => c.name).sort()).toEqual(["addressbook", "collection"]);
    const types = b.props.get("{urn:ietf:params:xml:ns:carddav}supported-address-data")!.children.map((c) => c.attrs.get("version"));
    expect(types).toEqual(["3.0", "4.0"]);
    expect(b.props.get("{DAV:}sync-token")!.text).toMatch(/^http:\/\/groupware\.invalid\/ns\/carddav\//);
    expect(b.props.get("{http://calendarserver.org/ns/}getctag")!.text).toBe(b.props.get("{DAV:}sync-token")!.text);
  }
  const names = new Map(books.map((b) => [b.href, b.props.get("{DAV:}displayname")!.text]));
  expect(names.get(`${home}customer-${pub}/`)).toBe("공개 고객");
  const privs = (href: string) => books.find((b) => b.href === href)!.props.get("{DAV:}current-user-privilege-set")!.children.map((c) => c.children[0].name);
  expect(privs(`${home}customer-${readOnly}/`)).not.toContain("write");
  expect(privs(`${home}customer-${pub}/`)).toContain("write");
  expect(privs(`${home}directory/`)).not.toContain("write");
});

test("a READ member cannot write (403 need-privileges); hidden groups, other users' cards and other companies are missing", async () => {
  const card = await customers.addCard(lee, readOnly, person("고객 한명", "one@vip.example"));
  const path = `/dav/addressbooks/${kim.username}/customer-${readOnly}/`;
  const got = await dav(base, me(kim), "GET", `${path}${card.id}.vcf`);
  expect(got.status).toBe(200);
  expect(got.text).toContain("FN:고객 한명");
  const put = await dav(base, me(kim), "PUT", `${path}new.vcf`, vcard("vip-new", "New One", "new@vip.example"), VCARD);
  expect(put.status).toBe(403);
  expect(put.text).toContain("need-privileges");
  const change = await dav(base, me(kim), "PUT", `${path}${card.id}.vcf`, vcard("x", "Changed", "one@vip.example"), VCARD);
  expect(change.status).toBe(403);
  const del = await dav(base, me(kim), "DELETE", `${path}${card.id}.vcf`);
  expect(del.status).toBe(403);
  expect((await customers.list(lee, readOnly)).map((c) => c.userName)).toEqual(["고객 한명"]);

  // A group kim does not read, lee's private card, lee's home: 404.
  expect((await dav(base, me(kim), "PROPFIND", `/dav/addressbooks/${kim.username}/customer-${hidden}/`, propfind("<d:getetag/>"), { depth: "1" })).status).toBe(404);
  const leeCard = await contacts.addCard(lee, person("Lee's friend", "friend@lee.example"));
  expect((await dav(base, me(kim), "GET", `/dav/addressbooks/${kim.username}/contacts/${leeCard.id}.vcf`)).status).toBe(404);
  expect((await dav(base, me(kim), "DELETE", `/dav/addressbooks/${kim.username}/contacts/${leeCard.id}.vcf`)).status).toBe(404);
  expect((await dav(base, me(kim), "PROPFIND", `/dav/addressbooks/${lee.username}/contacts/`, propfind("<d:getetag/>"), { depth: "1" })).status).toBe(404);
  expect((await contacts.detail(lee, leeCard.id)).deletedTimeMillis).toBeNull();

  // Another company: only its own (empty) private book and its own directory.
  const parkHome = await dav(base, me(park), "PROPFIND", `/dav/addressbooks/${park.username}/`, propfind("<d:displayname/>"), { depth: "1" });
  expect(readMultistatus(parkHome.text).responses.map((r) => r.href)).toEqual([
    `/dav/addressbooks/${park.username}/`, `/dav/addressbooks/${park.username}/contacts/`, `/dav/addressbooks/${park.username}/directory/`,
  ]);
  expect((await dav(base, me(park), "GET", `/dav/addressbooks/${park.username}/customer-${pub}/${card.id}.vcf`)).status).toBe(404);
  expect((await dav(base, me(park), "GET", `/dav/addressbooks/${park.username}/contacts/${leeCard.id}.vcf`)).status).toBe(404);
});

test("module flags: useContact off hides the private book, both off remove the home and the home-set", async () => {
  const u = await B.user("flags");
  await setClientPassword(t, B.companyId, u.id);
  const home = `/dav/addressbooks/${u.username}/`;
  try {
    await t.db.db.update(companies).set({ useContact: false }).where(eq(companies.id, B.companyId));
    const list = readMultistatus((await dav(base, me(u), "PROPFIND", home, propfind("<d:displayname/>"), { depth: "1" })).text);
    expect(list.responses.map((r) => r.href)).toEqual([home]);
    expect((await dav(base, me(u), "PROPFIND", `${home}contacts/`, propfind("<d:getetag/>"), { depth: "0" })).status).toBe(404);
    await t.db.db.update(companies).set({ useCustomer: false }).where(eq(companies.id, B.companyId));
    expect((await dav(base, me(u), "PROPFIND", home, propfind("<d:displayname/>"), { depth: "0" })).status).toBe(404);
    const p = readMultistatus((await dav(base, me(u), "PROPFIND", `/dav/principals/${u.username}/`, propfind("<cr:addressbook-home-set/>"), { depth: "0" })).text);
    expect(p.responses[0].props.has("{urn:ietf:params:xml:ns:carddav}addressbook-home-set")).toBe(false);
  } finally {
    await t.db.db.update(companies).set({ useContact: true, useCustomer: true }).where(eq(companies.id, B.companyId));
  }
});

test("the home answers the PROPFIND iOS sends on setup (unknown properties: 404 in their propstat)", async () => {
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<A:propfind xmlns:A="DAV:"><A:prop><A:add-member/><E:bulk-requests xmlns:E="http://me.com/_namespace/"/>
<A:current-user-privilege-set/><A:displayname/><D:max-image-size xmlns:D="urn:ietf:params:xml:ns:carddav"/>
<D:max-resource-size xmlns:D="urn:ietf:params:xml:ns:carddav"/><C:me-card xmlns:C="http://calendarserver.org/ns/"/><A:owner/>
<C:push-transports xmlns:C="http://calendarserver.org/ns/"/><C:pushkey xmlns:C="http://calendarserver.org/ns/"/>
<A:quota-available-bytes/><A:quota-used-bytes/><A:resource-id/><A:resourcetype/><A:supported-report-set/><A:sync-token/></A:prop></A:propfind>`;
  const home = `/dav/addressbooks/${kim.username}/`;
  const r = await dav(base, me(kim), "PROPFIND", home, body, { depth: "1" });
  expect(r.status).toBe(207);
  const book = readMultistatus(r.text).responses.find((x) => x.href === `${home}contacts/`)!;
  expect(book.props.get("{DAV:}resourcetype")!.children.map((c) => c.name)).toContain("addressbook");
  expect(book.props.get("{urn:ietf:params:xml:ns:carddav}max-resource-size")!.text).toMatch(/^\d+$/);
  expect(book.props.get("{DAV:}supported-report-set")!.children.map((c) => c.children[0].children[0].name).sort())
    .toEqual(["addressbook-multiget", "addressbook-query", "sync-collection"]);
  expect(book.others.get("{http://me.com/_namespace/}bulk-requests")).toBe(404);
  expect(book.others.get("{http://calendarserver.org/ns/}me-card")).toBe(404);
});
