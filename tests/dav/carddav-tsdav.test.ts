// tsdav (npm; a TypeScript CardDAV client nobody here wrote) against the server on loopback: discovery with
// defaultAccountType carddav, fetchAddressBooks (the private book and a customer group), fetchVCards (its
// addressbook-query, then addressbook-multiget), createVCard, updateVCard with its ETag (a stale one: 412),
// deleteVCard; syncCollection from the book's token lists a change made in the API.
import { beforeAll, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { type Co, company, contactsApi, type Member, person } from "../contacts/helpers.ts";
import { DAV_PASSWORD, serveApp, setClientPassword } from "./support.ts";
import { customersApi, vcard } from "./carddav-support.ts";

import * as tsdav from "tsdav";

const t = await createTestApp();
const api = contactsApi(t);
const customers = customersApi(t);
const base = serveApp(t);
let A: Co;
let kim: Member;

beforeAll(async () => {
  A = await company(t, "carddav-tsdav.test");
  kim = await A.user("kim");
  await setClientPassword(t, A.companyId, kim.id);
});

test("tsdav: fetchAddressBooks, fetchVCards, createVCard, updateVCard with ETag, deleteVCard, syncCollection", async () => {
  const group = await customers.addGroup(kim, { groupName: "tsdav 고객", isPublic: true });
  await customers.addCard(kim, group.id, person("고객 김", "customer.kim@example.com"));
  const web = await api.addCard(kim, person("웹 카드", "web@example.com"));
  const client = await tsdav.createDAVClient({
    serverUrl: base, credentials: { username: kim.username, password: DAV_PASSWORD }, authMethod: "Basic", defaultAccountType: "carddav",
  });
  const books = await client.fetchAddressBooks();
  expect(books.map((b) => b.url).sort()).toEqual([
    `${base}/dav/addressbooks/${kim.username}/contacts/`, `${base}/dav/addressbooks/${kim.username}/customer-${group.id}/`,
    `${base}/dav/addressbooks/${kim.username}/directory/`,
  ].sort());
  const book = books.find((b) => b.url.endsWith("/contacts/"))!;
  expect(book.syncToken).toBeTruthy();
  const customerBook = books.find((b) => b.displayName === "tsdav 고객")!;
  const customerCards = await client.fetchVCards({ addressBook: customerBook });
  expect(customerCards.map((c) => /^FN:(.*)$/m.exec(c.data)![1].trim())).toEqual(["고객 김"]);

  const first = await client.fetchVCards({ addressBook: book });
  expect(first.map((c) => c.url)).toEqual([`${book.url}${web.id}.vcf`]);
  expect(first[0].data).toContain("FN:웹 카드");
  expect(first[0].etag).toMatch(/^"/);

  const created = await client.createVCard({ addressBook: book, filename: "ts-1.vcf", vCardString: vcard("ts-uid-1", "Type Script", "ts@example.com") });
  expect(created.status).toBe(201);
  expect((await api.names(kim)).sort()).toEqual(["Type Script", "웹 카드"].sort());

  const [ts] = await client.fetchVCards({ addressBook: book, objectUrls: [`${book.url}ts-1.vcf`] });
  expect(ts.data).toContain("UID:ts-uid-1");
  const updated = await client.updateVCard({ vCard: { ...ts, data: ts.data.replace("FN:Type Script", "FN:Type Script 2") } });
  expect(updated.status).toBe(204);
  const stale = await client.updateVCard({ vCard: { ...ts, data: ts.data.replace("FN:Type Script", "FN:Stale") } });
  expect(stale.status).toBe(412);
  expect((await api.names(kim)).sort()).toEqual(["Type Script 2", "웹 카드"].sort());

  // A change in the browser after the book was read: syncCollection from its token lists it.
  await api.ok(200, "PUT", `/api/contact/card/${web.id}`, kim, { cardData: person("웹 카드 (수정)", "web@example.com") });
  const changes = await client.syncCollection({ url: book.url, props: { "d:getetag": {} }, syncLevel: 1, syncToken: book.syncToken });
  const hrefs = changes.map((r) => decodeURIComponent(r.href ?? "")).filter(Boolean).sort();
  expect(hrefs).toEqual([`/dav/addressbooks/${kim.username}/contacts/${web.id}.vcf`, `/dav/addressbooks/${kim.username}/contacts/ts-1.vcf`].sort());
  expect((await client.isCollectionDirty({ collection: book })).isDirty).toBe(true);

  const [fresh] = await client.fetchVCards({ addressBook: book, objectUrls: [`${book.url}ts-1.vcf`] });
  const deleted = await client.deleteVCard({ vCard: fresh });
  expect(deleted.status).toBe(204);
  expect(await api.names(kim)).toEqual(["웹 카드 (수정)"]);
});
