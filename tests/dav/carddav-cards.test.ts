// CardDAV cards (RFC 6352 §6.3, §8.6-8.7): a phone's PUT keeps its resource name, UID, groups (CATEGORIES)
// and the properties the card model has no field for, and the card is in the API's list at once; GET in
// vCard 3.0 or 4.0 (Accept); ETag preconditions on PUT and DELETE (412); DELETE to the trash;
// addressbook-query (text-match on FN, EMAIL, TEL with the default i;unicode-casemap, match types, allof,
// the limit) and addressbook-multiget (an unknown href 404).
import { expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { contactsApi, person } from "../contacts/helpers.ts";
import { dav, readMultistatus, serveApp } from "./support.ts";
import { multiget, propfind, query, VCARD, vcard, cardDavCast } from "./carddav-support.ts";

const t = await createTestApp();
const base = serveApp(t);
const api = contactsApi(t);
const { kim, book, me } = await cardDavCast(t, "carddav-cards.test");
const etagOf = async (path: string) => {
  const r = readMultistatus((await dav(base, me(), "PROPFIND", path, propfind("<d:getetag/>"), { depth: "0" })).text);
  return r.responses[0].props.get("{DAV:}getetag")!.text;
};

test("PUT keeps name, UID, CATEGORIES and unknown properties; the API lists it at once; GET in 3.0 and 4.0", async () => {
  const body = vcard("phone-uid-1@example.org", "Minsu Kim", "Minsu@Example.com", [
    "NICKNAME:민수", "item1.X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/minsu", "CATEGORIES:친구,Work",
    "ORG:Acme;Sales", "TITLE:Manager", "NOTE:met at the fair\\, 2026",
  ]);
  const put = await dav(base, me(), "PUT", `${book}phone-1.vcf`, body, { ...VCARD, "if-none-match": "*" });
  expect(put.status, put.text).toBe(201);

  const list = await api.list(kim);
  const card = list.content.find((c) => c.userName === "Minsu Kim")!;
  expect(card).toMatchObject({ emailList: ["minsu@example.com"], telList: ["010-1234-5678"], company: "Acme", organ: "Sales", position: "Manager", memo: "met at the fair, 2026" });
  expect(card.contactGroupList.map((g) => g.groupName).sort()).toEqual(["Work", "친구"]);

  const v3 = await dav(base, me(), "GET", `${book}phone-1.vcf`);
  expect(v3.status).toBe(200);
  expect(v3.headers.get("content-type")).toContain("text/vcard");
  expect(v3.headers.get("etag")).toBe(await etagOf(`${book}phone-1.vcf`));
  const unfolded = v3.text.replace(/\r\n /g, "");
  expect(unfolded).toContain("VERSION:3.0");
  expect(unfolded).toContain("UID:phone-uid-1@example.org");
  expect(unfolded).toContain("NICKNAME:민수");
  expect(unfolded).toContain("item1.X-SOCIALPROFILE;TYPE=twitter:https://twitter.com/minsu");
  expect(unfolded).toMatch(/CATEGORIES:(Work,친구|친구,Work)/);
  const v4 = await dav(base, me(), "GET", `${book}phone-1.vcf`, undefined, { accept: "text/vcard; version=4.0" });
  expect(v4.text).toContain("VERSION:4.0");
  expect(v4.text.replace(/\r\n /g, "")).toContain("UID:phone-uid-1@example.org");
  expect((await dav(base, me(), "GET", `${book}phone-1.vcf`, undefined, { "if-none-match": v3.headers.get("etag")! })).status).toBe(304);

  // A second card with the same UID in the book: no-uid-conflict.
  const dup = await dav(base, me(), "PUT", `${book}other.vcf`, body, VCARD);
  expect(dup.status).toBe(403);
  expect(dup.text).toContain("no-uid-conflict");
  // A byte-order mark and LF line ends (Windows and scripts) are read as well.
  expect((await dav(base, me(), "PUT", `${book}bom.vcf`, "\uFEFF" + vcard("bom-1", "Bom Person", "bom@example.com").replace(/\r\n/g, "\n"), VCARD)).status).toBe(201);
  expect((await dav(base, me(), "GET", `${book}bom.vcf`)).text).toContain("FN:Bom Person");
  // Not a vCard, or two of them: valid-address-data.
  expect((await dav(base, me(), "PUT", `${book}bad.vcf`, "BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n", VCARD)).text).toContain("valid-address-data");
  expect((await dav(base, me(), "PUT", `${book}two.vcf`, body + vcard("u2", "Two", "two@example.com"), VCARD)).status).toBe(403);
});

test("a PHOTO sent by a phone is the card's photo in the browser and comes back in both versions", async () => {
  const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
  const body = vcard("photo-1", "Photo Person", "photo@example.com", [`PHOTO;ENCODING=b;TYPE=PNG:${png}`]);
  expect((await dav(base, me(), "PUT", `${book}photo.vcf`, body, VCARD)).status).toBe(201);
  const card = (await api.list(kim)).content.find((c) => c.userName === "Photo Person")!;
  expect(card.hasPhoto).toBe(true);
  const img = await api.raw("GET", `/api/contact/detail/${card.id}/photo`, kim);
  expect(img.status).toBe(200);
  const v3 = (await dav(base, me(), "GET", `${book}photo.vcf`)).text.replace(/\r\n /g, "");
  expect(v3).toContain(`PHOTO;ENCODING=b;TYPE=PNG:${png}`);
  const v4 = (await dav(base, me(), "GET", `${book}photo.vcf`, undefined, { accept: "text/vcard;version=4.0" })).text.replace(/\r\n /g, "");
  expect(v4).toContain(`PHOTO:data:image/png;base64,${png}`);
  // The phone drops the photo: so does the card.
  expect((await dav(base, me(), "PUT", `${book}photo.vcf`, vcard("photo-1", "Photo Person", "photo@example.com"), VCARD)).status).toBe(204);
  expect((await api.detail(kim, card.id)).hasPhoto).toBe(false);
});

test("ETag preconditions: If-None-Match * on an existing card, a stale If-Match: 412; a current one goes through", async () => {
  const path = `${book}etag.vcf`;
  expect((await dav(base, me(), "PUT", path, vcard("etag-1", "Etag Person", "etag@example.com"), VCARD)).status).toBe(201);
  const first = await etagOf(path);
  expect((await dav(base, me(), "PUT", path, vcard("etag-1", "Etag Again", "etag@example.com"), { ...VCARD, "if-none-match": "*" })).status).toBe(412);
  expect((await dav(base, me(), "PUT", path, vcard("etag-1", "Etag Two", "etag@example.com"), { ...VCARD, "if-match": first })).status).toBe(204);
  const second = await etagOf(path);
  expect(second).not.toBe(first);
  expect((await dav(base, me(), "PUT", path, vcard("etag-1", "Etag Stale", "etag@example.com"), { ...VCARD, "if-match": first })).status).toBe(412);
  expect((await dav(base, me(), "PUT", path, vcard("other-uid", "Etag UID", "etag@example.com"), VCARD)).text).toContain("no-uid-conflict");
  expect((await dav(base, me(), "DELETE", path, undefined, { "if-match": first })).status).toBe(412);
  expect((await dav(base, me(), "PUT", `${book}missing.vcf`, vcard("m-1", "Missing", "m@example.com"), { ...VCARD, "if-match": second })).status).toBe(412);
  // A change in the browser changes the ETag.
  const id = (await api.list(kim)).content.find((c) => c.userName === "Etag Two")!.id;
  await api.ok(200, "PUT", `/api/contact/card/${id}`, kim, { cardData: person("Etag Web", "etag@example.com") });
  const third = await etagOf(path);
  expect(third).not.toBe(second);
  expect((await dav(base, me(), "GET", path)).text).toContain("FN:Etag Web");
  expect((await dav(base, me(), "DELETE", path, undefined, { "if-match": third })).status).toBe(204);
  expect((await dav(base, me(), "GET", path)).status).toBe(404);
  // DELETE put it in the trash: restorable in the browser.
  expect((await api.detail(kim, id)).deletedTimeMillis).not.toBeNull();
});

test("addressbook-query on FN, EMAIL and TEL (i;unicode-casemap by default), match types, allof, limit; multiget", async () => {
  await api.addCard(kim, person("김영희", "younghee@Query.example", { telList: ["02-555-0101"] }));
  await api.addCard(kim, person("Émile Zola", "emile@query.example", { telList: ["010-9999-0000"] }));
  await api.addCard(kim, person("박철수", "cs@other.example"));
  const run = async (filter: string, extra = "") => {
    const r = await dav(base, me(), "REPORT", book, query(filter, extra), { depth: "1" });
    expect(r.status, r.text).toBe(207);
    return readMultistatus(r.text).responses;
  };
  const fns = (rs: Awaited<ReturnType<typeof run>>) =>
    rs.filter((r) => r.status === null).map((r) => /\nFN:([^\r\n]*)/.exec(r.props.get("{urn:ietf:params:xml:ns:carddav}address-data")!.text)![1]).sort();
  const pf = (name: string, inner: string, test = "") => `<cr:prop-filter name="${name}"${test}>${inner}</cr:prop-filter>`;
  const tm = (text: string, attrs = "") => `<cr:text-match${attrs}>${text}</cr:text-match>`;

  expect(fns(await run(`<cr:filter>${pf("FN", tm("émile"))}</cr:filter>`))).toEqual(["Émile Zola"]);
  expect(fns(await run(`<cr:filter>${pf("FN", tm("김", ' match-type="starts-with"'))}</cr:filter>`))).toEqual(["김영희"]);
  expect(fns(await run(`<cr:filter>${pf("EMAIL", tm("@query.example", ' match-type="ends-with"'))}</cr:filter>`))).toEqual(["Émile Zola", "김영희"]);
  expect(fns(await run(`<cr:filter>${pf("EMAIL", tm("YOUNGHEE@QUERY.EXAMPLE", ' match-type="equals"'))}</cr:filter>`))).toEqual(["김영희"]);
  expect(fns(await run(`<cr:filter>${pf("TEL", tm("9999"))}</cr:filter>`))).toEqual(["Émile Zola"]);
  // anyof (default) and allof across prop-filters; negate-condition.
  const two = `${pf("FN", tm("김영희"))}${pf("EMAIL", tm("emile"))}`;
  expect(fns(await run(`<cr:filter>${two}</cr:filter>`))).toEqual(["Émile Zola", "김영희"]);
  expect(fns(await run(`<cr:filter test="allof">${two}</cr:filter>`))).toEqual([]);
  expect(fns(await run(`<cr:filter test="allof">${pf("EMAIL", tm("query.example"))}${pf("FN", tm("zola", ' negate-condition="yes"'))}</cr:filter>`))).toEqual(["김영희"]);
  // A property the database cannot narrow on (NICKNAME, kept from the first test's PUT) next to one it can.
  expect(fns(await run(`<cr:filter>${pf("NICKNAME", tm("민수"))}${pf("FN", tm("ZOLA"))}</cr:filter>`))).toEqual(["Minsu Kim", "Émile Zola"]);
  // i;octet is case-sensitive; an unknown collation is refused.
  expect(fns(await run(`<cr:filter>${pf("FN", tm("émile", ' collation="i;octet"'))}</cr:filter>`))).toEqual([]);
  expect((await dav(base, me(), "REPORT", book, query(`<cr:filter>${pf("FN", tm("x", ' collation="i;klingon"'))}</cr:filter>`))).status).toBe(403);
  // The limit: 1 of 2 matches, and the collection's 507.
  const limited = await run(`<cr:filter>${pf("EMAIL", tm("query.example"))}</cr:filter>`, "<cr:limit><cr:nresults>1</cr:nresults></cr:limit>");
  expect(fns(limited)).toHaveLength(1);
  expect(limited.find((r) => r.href === book)?.status).toBe(507);

  const all = readMultistatus((await dav(base, me(), "PROPFIND", book, propfind("<d:getetag/>"), { depth: "1" })).text).responses.filter((r) => r.href !== book);
  const hrefs = all.slice(0, 2).map((r) => r.href);
  const mg = await dav(base, me(), "REPORT", book, multiget([...hrefs, `${book}nope.vcf`], "4.0"), { depth: "1" });
  const got = readMultistatus(mg.text).responses;
  expect(got.filter((r) => r.status === null).map((r) => r.href).sort()).toEqual([...hrefs].sort());
  expect(got.find((r) => r.href === `${book}nope.vcf`)?.status).toBe(404);
  for (const r of got.filter((x) => x.status === null)) expect(r.props.get("{urn:ietf:params:xml:ns:carddav}address-data")!.text).toContain("VERSION:4.0");
  // Only some properties (RFC 6352 §10.4): FN and EMAIL, with BEGIN, END, VERSION and UID.
  const some = `<?xml version="1.0" encoding="utf-8"?><cr:addressbook-multiget xmlns:d="DAV:" xmlns:cr="urn:ietf:params:xml:ns:carddav"><d:prop><cr:address-data><cr:prop name="FN"/><cr:prop name="EMAIL"/></cr:address-data></d:prop><d:href>${hrefs[0]}</d:href></cr:addressbook-multiget>`;
  const part = readMultistatus((await dav(base, me(), "REPORT", book, some, { depth: "1" })).text).responses[0];
  const names = part.props.get("{urn:ietf:params:xml:ns:carddav}address-data")!.text.split("\n").filter(Boolean).map((l) => /^[A-Z-]+/.exec(l)![0]);
  expect(names).toEqual(["BEGIN", "VERSION", "UID", "FN", "EMAIL", "END"]);
});
