// Import and export (001 §7 POST api/contact/card/import and import/save with part, type and charset): real
// files as phones and mail programs write them (tests/fixtures/contacts: an iPhone vCard 3.0 with several
// cards, labels and a photo; a vCard 2.1 in CP949 quoted-printable and 8-bit CP949 as old Korean phones
// export; Outlook's vCard; Google's CSV; Korean Outlook's CP949 CSV), the spec's legacy .xls (written here by
// SheetJS as BIFF8), and the exports read back: vCard by ical.js (ICAL.parse reads vCard) and by this
// importer, .xlsx by exceljs.
import ExcelJS from "exceljs";
import ICAL from "ical.js";
import * as XLSX from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import type { ContactCard } from "../../shared/contacts/cards.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { company, type Co, contactsApi, type Member, person } from "./helpers.ts";

let t: TestApp;
let A: Co;
let B: Co;
let api: ReturnType<typeof contactsApi>;

const FIXTURES = new URL("../fixtures/contacts/", import.meta.url);
const fixture = (name: string) => Deno.readFile(new URL(name, FIXTURES));

beforeAll(async () => {
  t = await createTestApp();
  A = await company(t, "inout-a.test");
  B = await company(t, "inout-b.test");
  api = contactsApi(t);
});

async function upload(who: Member, path: string, bytes: Uint8Array, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("part", new File([bytes as Uint8Array<ArrayBuffer>], name));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await t.app.request(path, { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const preview = (who: Member, bytes: Uint8Array, name: string, fields: Record<string, string> = {}) =>
  upload(who, "/api/contact/card/import", bytes, name, fields);
const save = (who: Member, bytes: Uint8Array, name: string, fields: Record<string, string> = {}) =>
  upload(who, "/api/contact/card/import/save", bytes, name, { groupId: "0", ...fields });

async function download(who: Member, query: string) {
  const res = await t.app.request(`/api/contact/card/export?${query}`, { headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function all(who: Member): Promise<ContactCard[]> {
  return (await api.list(who, { pageSize: 200, sort: "id", dir: "asc" })).content;
}

describe("vCard import", () => {
  it("reads an iPhone export: several cards, labels, photo, phonetic name, escaped text; skips a card with no name", async () => {
    const me = await A.user("iphone");
    const bytes = await fixture("iphone-multi.vcf");
    const p = await preview(me, bytes, "Contacts.vcf");
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body).toMatchObject({ type: "VCARD", charset: "UTF-8", total: 3, skipped: [{ index: 4, code: "contact.name_required" }] });
    expect(await all(me)).toHaveLength(0); // the preview stores nothing
    const g = await api.addGroup(me, "아이폰");
    const s = await save(me, bytes, "Contacts.vcf", { groupId: String(g.id) });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    expect(s.body).toMatchObject({ saved: 3, groupId: g.id });
    const cards = await all(me);
    expect(cards.map((c) => c.userName)).toEqual(["김민수", "John Appleseed", "세탁소"]);
    expect(cards[0]).toMatchObject({
      phoneticName: "Kim Minsu", company: "다우기술", organ: "개발팀", position: "과장",
      emailList: ["minsu.kim@daou.example", "minsu@home.example"],
      telList: ["010-1234-5678", "02-555-0100", "070-8888-9999"], telTypeList: ["CELL", "WORK", "FAX"],
      addrTypeList: ["HOME"], streetAddressList: ["테헤란로 123\n4층"], localityList: ["강남구"], regionList: ["서울특별시"],
      postList: ["06234"], countryList: ["대한민국"], urlList: ["https://daou.example/minsu"], birthday: "1985-03-07",
      memo: "첫 만남: 2023 전시회, 부스 A", hasPhoto: true, contactGroupList: [{ id: g.id, groupName: "아이폰" }],
    });
    expect(cards[1]).toMatchObject({ telList: ["+1 (408) 555-5270"], telTypeList: ["CELL"], birthday: "--04-01", company: "Apple Inc.", hasPhoto: false });
    expect(cards[2]).toMatchObject({ telTypeList: ["MAIN"], emailList: [] });
    const photo = await t.app.request(`/api/contact/detail/${cards[0].id}/photo`, { headers: { authorization: `Bearer ${me.token}` } });
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await photo.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    // Initials and search work on imported cards as on typed ones.
    expect(await api.names(me, { searchWord: "ㄱㅁ" })).toEqual(["김민수"]);
  });

  it("reads CP949 quoted-printable (with a soft line break), UTF-8 quoted-printable and 8-bit CP949 in one file", async () => {
    const me = await A.user("oldphone");
    const bytes = await fixture("cp949-quoted-printable.vcf");
    const p = await preview(me, bytes, "phone.vcf");
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.charset).toBe("CP949");
    const s = await save(me, bytes, "phone.vcf");
    expect(s.body.saved).toBe(3);
    const cards = await all(me);
    expect(cards.map((c) => c.userName)).toEqual(["홍길동", "이순신", "강감찬"]);
    expect(cards[0]).toMatchObject({
      company: "활빈당", telList: ["01098765432", "031-123-4567"], telTypeList: ["CELL", "HOME"],
      emailList: ["hong@hwalbin.example"], memo: "서울시 강남구 테헤란로 어딘가 아주 긴 메모 입니다", contactGroupList: [],
    });
    expect(cards[2]).toMatchObject({ telTypeList: ["WORK"], emailList: ["gang@goryeo.example"] });
  });

  it("reads Outlook's vCard 2.1", async () => {
    const me = await A.user("outlookvcf");
    const s = await save(me, await fixture("outlook.vcf"), "박지성.vcf");
    expect(s.body.saved).toBe(1);
    const [c] = await all(me);
    expect(c).toMatchObject({
      userName: "박지성", company: "맨체스터 상사", organ: "영업부", position: "차장",
      telList: ["+82 2 6000 1234", "010-5555-7777", "+82 2 6000 1235"], telTypeList: ["WORK", "CELL", "FAX"],
      addrTypeList: ["WORK"], streetAddressList: ["세종대로 110"], urlList: ["http://www.manchester.example"],
      emailList: ["jisung.park@manchester.example"],
    });
  });
});

describe("CSV import", () => {
  it("reads Google's CSV: labels, ' ::: ' lists, addresses, notes with line breaks", async () => {
    const me = await A.user("google");
    const s = await save(me, await fixture("google.csv"), "contacts.csv");
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    expect(s.body).toMatchObject({ saved: 2, skipped: [{ index: 3, code: "contact.name_required" }] });
    const [lee, hopper] = await all(me);
    expect(lee).toMatchObject({
      userName: "이지은", phoneticName: "Lee Jieun", company: "네이버", position: "대리", organ: "디자인팀", birthday: "1992-11-23",
      emailList: ["jieun.lee@naver.example", "jieun@gmail.example", "jieun2@gmail.example"],
      telList: ["010-1111-2222", "02-999-8888"], telTypeList: ["CELL", "FAX"],
      addrTypeList: ["WORK"], streetAddressList: ["판교역로 235"], localityList: ["성남시"], regionList: ["경기도"], postList: ["13494"],
      urlList: ["https://jieun.example"], memo: "메모 첫 줄\n둘째 줄",
    });
    expect(hopper).toMatchObject({ userName: "Grace Brewster Hopper", birthday: "--12-09", memo: `Said "It's easier to ask forgiveness"` });
  });

  it("reads Korean Outlook's CP949 CSV (성 and 이름 apart)", async () => {
    const me = await A.user("outlookcsv");
    const p = await preview(me, await fixture("outlook-ko.csv"), "연락처.csv");
    expect(p.body).toMatchObject({ type: "CSV", charset: "CP949", total: 2 });
    await save(me, await fixture("outlook-ko.csv"), "연락처.csv");
    const [na, choi] = await all(me);
    expect(na).toMatchObject({
      userName: "나영희", company: "코리아무역", organ: "해외영업팀", position: "부장",
      telList: ["02-3456-7890", "010-4444-5555"], telTypeList: ["WORK", "CELL"],
      addrTypeList: ["WORK"], streetAddressList: ["강남대로 1"], localityList: ["서초구"], postList: ["06600"],
      urlList: ["www.korea-trade.example"], memo: "VIP 고객", birthday: "1970-01-02",
    });
    expect(choi.emailList).toEqual(["cs.choi@example.com", "cs@example.org"]);
  });
});

describe("Outlook CSV (English)", () => {
  it("reads Outlook's export: business and home columns, several phones and addresses, M/D/YYYY birthdays", async () => {
    const me = await A.user("outlooken");
    const s = await save(me, await fixture("outlook-en.csv"), "contacts.CSV");
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    expect(s.body.saved).toBe(2);
    const [connor, support] = await all(me);
    expect(connor).toMatchObject({
      userName: "Sarah J. Connor", company: "Cyberdyne Systems", organ: "R&D", position: "Engineer", birthday: "1965-05-13",
      telList: ["408-555-0100", "408-555-0101", "408-555-0199"], telTypeList: ["FAX", "WORK", "CELL"],
      emailList: ["sarah.connor@cyberdyne.example", "sarah@home.example"],
      addrTypeList: ["WORK"], streetAddressList: ["18144 El Camino Real Suite 100"], localityList: ["Sunnyvale"], regionList: ["CA"],
      postList: ["94087"], countryList: ["United States of America"], memo: "Met at the 1984 conference", urlList: ["http://cyberdyne.example"],
    });
    // No name: the address stands for it; Outlook's empty birthday 0/0/00 is no birthday.
    expect(support).toMatchObject({ userName: "support@skynet.example", company: "Skynet Support", birthday: "" });
  });
});

describe(".xls import (the spec's format)", () => {
  it("previews and saves a legacy BIFF8 workbook with Korean headings", async () => {
    const me = await A.user("xls");
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([
      ["이름", "이메일", "전화번호", "회사", "부서", "직급", "주소", "홈페이지", "메모", "생일"],
      ["고길동", "gildong@dooly.example", "010-1212-3434", "둘리상사", "총무부", "부장", "서울 도봉구 쌍문동", "dooly.example", "", "1960-05-05"],
      ["도우너", "", "", "", "", "", "", "", "깐따삐야", ""],
      ["", "micheol@dooly.example", "", "", "", "", "", "", "", ""],
    ]), "주소록");
    const bytes = new Uint8Array(XLSX.write(wb, { type: "array", bookType: "biff8" }));
    expect([...bytes.slice(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    const p = await preview(me, bytes, "주소록.xls", { type: "XLS", charset: "UTF-8" });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body).toMatchObject({ type: "XLS", total: 3 });
    expect(p.body.cards[0]).toMatchObject({ userName: "고길동", telList: ["010-1212-3434"], company: "둘리상사", streetAddressList: ["서울 도봉구 쌍문동"] });
    const s = await save(me, bytes, "주소록.xls", { type: "XLS" });
    expect(s.body.saved).toBe(3);
    expect((await all(me)).map((c) => c.userName)).toEqual(["고길동", "도우너", "micheol@dooly.example"]);
  });
});

describe("import rules", () => {
  it("refuses no file, an empty or unknown file, a bad type or charset, a missing or foreign group; stores nothing", async () => {
    const me = await A.user("importrules");
    const vcf = await fixture("iphone-multi.vcf");
    const noFile = new FormData();
    noFile.append("groupId", "0");
    const r0 = await t.app.request("/api/contact/card/import/save", { method: "POST", body: noFile, headers: { authorization: `Bearer ${me.token}` } });
    expect(r0.status).toBe(400);
    expect((await r0.json()).code).toBe("contact.import_file_required");
    const cases: [Promise<{ status: number; body: { code: string } }>, number, string][] = [
      [save(me, new Uint8Array(), "x.vcf"), 400, "contact.import_empty"],
      [save(me, new TextEncoder().encode("hello world\nnot a table"), "x.txt"), 400, "contact.import_type_invalid"],
      [save(me, new TextEncoder().encode("BEGIN:VCARD\r\nEND:VCARD\r\n"), "x.vcf"), 400, "contact.name_required"],
      [save(me, vcf, "x.vcf", { type: "ZIP" }), 400, "contact.import_type_invalid"],
      [save(me, vcf, "x.vcf", { charset: "KOI8-R" }), 400, "common.validation"],
      [upload(me, "/api/contact/card/import/save", vcf, "x.vcf"), 400, "contact.group_required"],
      [save(me, vcf, "x.vcf", { groupId: "important" }), 400, "contact.group_invalid"],
      [save(me, vcf, "x.vcf", { groupId: "999999" }), 404, "common.404"],
      [save(me, new TextEncoder().encode("\u0000\u0001binary"), "x.xls", { type: "XLS" }), 400, "contact.import_unreadable"],
    ];
    for (const [call, status, code] of cases) {
      const r = await call;
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.code).toBe(code);
    }
    expect(await all(me)).toHaveLength(0);
    const foreign = await api.addGroup(B.admin, "Theirs");
    expect((await save(me, vcf, "x.vcf", { groupId: String(foreign.id) })).status).toBe(404);
    expect(await all(me)).toHaveLength(0);
  });

  it("reads a hostile file quickly: a line of 200,000 semicolons and quotes is skipped", async () => {
    const me = await A.user("hostile");
    const vcf = ["BEGIN:VCARD", "VERSION:3.0", "FN:Real Name", "EMAIL:real@example.com", `X-EVIL${';"'.repeat(100_000)}:x`, "END:VCARD"].join("\r\n");
    const s = await save(me, new TextEncoder().encode(vcf), "hostile.vcf");
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    expect((await all(me)).map((c) => c.userName)).toEqual(["Real Name"]);
  });

  it("cleans what a file holds: NUL characters, over-long values, invalid addresses", async () => {
    const me = await A.user("importclean");
    const vcf = [
      "BEGIN:VCARD", "VERSION:3.0", `FN:Evil\u0000Name${"x".repeat(200)}`, "EMAIL:not-an-address", "EMAIL:good@example.com",
      "URL:javascript alert", "TEL:none", "BDAY:1999-02-31", "END:VCARD",
    ].join("\r\n");
    const s = await save(me, new TextEncoder().encode(vcf), "evil.vcf");
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    const [c] = await all(me);
    expect(c.userName).toHaveLength(100);
    expect(c.userName.startsWith("EvilName")).toBe(true);
    expect(c).toMatchObject({ emailList: ["good@example.com"], urlList: [], telList: [], birthday: "" });
  });
});

describe("export", () => {
  it("exports vCard 3.0 and 4.0 that ical.js and this importer read back the same", async () => {
    const me = await A.user("exporter");
    await save(me, await fixture("iphone-multi.vcf"), "Contacts.vcf");
    await api.addCard(me, person("Semi;colon, comma", "semi@example.com", { memo: "line1\nline2", telList: ["010-1"] }));
    const before = await all(me);
    for (const format of ["VCARD3", "VCARD4"]) {
      const r = await download(me, `format=${format}`);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe("text/vcard; charset=utf-8");
      expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.vcf"$/);
      const text = new TextDecoder().decode(r.bytes);
      expect(text.split("\r\n").every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
      const parsed = ICAL.parse(text) as unknown[];
      const comps = (Array.isArray(parsed[0]) ? parsed : [parsed]).map((j) => new ICAL.Component(j as unknown[]));
      expect(comps).toHaveLength(4);
      const names = comps.map((c) => c.getFirstPropertyValue("fn"));
      expect(names).toEqual(["김민수", "세탁소", "John Appleseed", "Semi;colon, comma"]);
      const kim = comps[0];
      expect(kim.getFirstPropertyValue("version")).toBe(format === "VCARD3" ? "3.0" : "4.0");
      expect(kim.getAllProperties("email").map((p) => p.getFirstValue())).toEqual(["minsu.kim@daou.example", "minsu@home.example"]);
      expect(kim.getFirstProperty("photo")).toBeTruthy();
      expect(comps[3].getFirstPropertyValue("note")).toBe("line1\nline2");
      // And this importer reads the export back to the same cards.
      const other = await A.user(`reimport${format.toLowerCase()}`);
      const s = await save(other, r.bytes, "export.vcf");
      expect(s.body.saved).toBe(4);
      const back = await all(other);
      const strip = (c: ContactCard) => ({
        userName: c.userName, emailList: c.emailList, telList: c.telList.map((n) => n.replace(/\D/g, "")), telTypeList: c.telTypeList,
        company: c.company, organ: c.organ, position: c.position, streetAddressList: c.streetAddressList, localityList: c.localityList,
        postList: c.postList, urlList: c.urlList, memo: c.memo, birthday: c.birthday, hasPhoto: c.hasPhoto, phoneticName: c.phoneticName,
      });
      const sortByName = (l: ContactCard[]) => [...l].sort((a, b) => a.userName.localeCompare(b.userName)).map(strip);
      expect(sortByName(back)).toEqual(sortByName(before));
    }
  });

  it("exports .xlsx that exceljs reads, with the group's cards only", async () => {
    const me = await A.user("xlsx");
    const g = await api.addGroup(me, "Export");
    await api.addCard(me, person("김민수", "minsu@example.com", { emailList: ["minsu@example.com", "ms@example.org"], telList: ["010-1234-5678"], company: "다우", contactGroupIdList: [g.id] }));
    await api.addCard(me, person("Outside", "out@example.com"));
    const r = await download(me, `format=XLSX&groupId=${g.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.bytes.buffer as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(1).values).toEqual([undefined, "이름", "이메일", "전화번호", "회사", "부서", "직급", "주소", "홈페이지", "메모", "생일"]);
    expect(ws.getRow(2).getCell(1).value).toBe("김민수");
    expect(ws.getRow(2).getCell(2).value).toBe("minsu@example.com\nms@example.org");
    expect(ws.getRow(2).getCell(4).value).toBe("다우");
    // The .xlsx goes back in through the import.
    const other = await A.user("xlsxback");
    const s = await save(other, r.bytes, "export.xlsx");
    expect(s.body.saved).toBe(1);
    expect((await all(other))[0]).toMatchObject({ userName: "김민수", emailList: ["minsu@example.com", "ms@example.org"], telList: ["010-1234-5678"], company: "다우" });
  });

  it("exports only the caller's cards; a foreign id answers 404", async () => {
    const me = await A.user("exportiso");
    const mine = await api.addCard(me, person("Mine", "mine@example.com"));
    const theirs = await api.addCard(B.admin, person("Theirs", "theirs@example.com"));
    expect((await download(me, `cardIdList=${theirs.id}`)).status).toBe(404);
    expect((await download(me, `cardIdList=${mine.id},${theirs.id}`)).status).toBe(404);
    const r = await download(me, `cardIdList=${mine.id}`);
    expect(new TextDecoder().decode(r.bytes)).toContain("FN:Mine");
    expect((await download(me, "format=PDF")).status).toBe(400);
    const b = await download(B.admin, "");
    expect(new TextDecoder().decode(b.bytes)).not.toContain("Mine");
  });
});
