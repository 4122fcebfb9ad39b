// The card list (001 §2 columns, §7 GET api/contact/card and print): sort and paging from the user's config
// (api/config/contact), the Korean consonant tabs (ㄲ under ㄱ), "ㄱㅁ"-style initials search, and search of
// names, e-mails, phones and companies as the mail module searches (Korean two-syllable words anywhere).
import { beforeAll, describe, expect, it } from "vitest";
import { consonantOf, initialsOf, isInitialsQuery, sortKeyOf } from "../../shared/contacts/hangul.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { company, type Co, contactsApi, type Member, person } from "./helpers.ts";

let t: TestApp;
let A: Co;
let api: ReturnType<typeof contactsApi>;
let me: Member;

beforeAll(async () => {
  t = await createTestApp();
  A = await company(t, "list-a.test");
  api = contactsApi(t);
  me = await A.user("lister");
  const cards = [
    person("김민수", "minsu@daou.example", { company: "다우기술", organ: "개발팀", telList: ["010-1234-5678"] }),
    person("까치", "kkachi@bird.example", { company: "새마을" }),
    person("고민아", "mina@example.com", { telList: ["02-777-8888"] }),
    person("나영희", "younghee@example.com", { company: "Naver" }),
    person("홍길동", "hong@example.com", { company: "활빈당 회의록" }),
    person("Alice Kim", "alice@wonderland.example", { company: "Wonderland" }),
    person("bob", "bob@builder.example"),
    person("Émile", "emile@example.fr"),
    person("123 Service", "service@example.com"),
    person("회의 담당", "meeting@example.com", { memo: "의록" }),
  ];
  await api.ok(201, "POST", "/api/contact/card/all", me, { cardData: cards });
});

describe("the Korean rule", () => {
  it("files double consonants under their single one and sorts Korean, then Latin, then the rest", () => {
    expect(consonantOf("까치")).toBe("ㄱ");
    expect(consonantOf("쌍둥이")).toBe("ㅅ");
    expect(consonantOf("Émile")).toBe("E");
    expect(consonantOf("123")).toBe("#");
    expect(initialsOf("김 민수")).toBe("ㄱㅁㅅ");
    expect(initialsOf("꽃마을")).toBe("ㄱㅁㅇ");
    expect(isInitialsQuery("ㄱㅁ")).toBe(true);
    expect(isInitialsQuery("ㄱ미")).toBe(false);
    expect([sortKeyOf("bob"), sortKeyOf("123"), sortKeyOf("가")].sort()).toEqual([sortKeyOf("가"), sortKeyOf("bob"), sortKeyOf("123")]);
  });
});

describe("list", () => {
  it("sorts by name by default (가나다, then A-Z, then the rest) with the §2 columns", async () => {
    const page = await api.list(me);
    expect(page.totalElements).toBe(10);
    expect(page).toMatchObject({ sort: "userName", dir: "asc", pageSize: 20 });
    expect(page.content.map((c) => c.userName)).toEqual([
      "고민아", "김민수", "까치", "나영희", "홍길동", "회의 담당", "Alice Kim", "bob", "Émile", "123 Service",
    ]);
    const row = page.content[1];
    for (const key of ["importantStatus", "userName", "emailList", "telList", "company", "organ", "position", "urlList", "memo", "contactGroupList"]) {
      expect(row).toHaveProperty(key);
    }
  });

  it("pages and sorts by other columns both ways", async () => {
    const p0 = await api.list(me, { pageSize: 4, page: 0 });
    const p2 = await api.list(me, { pageSize: 4, page: 2 });
    expect(p0.totalPages).toBe(3);
    expect(p0.content).toHaveLength(4);
    expect(p2.content.map((c) => c.userName)).toEqual(["Émile", "123 Service"]);
    expect((await api.list(me, { sort: "email", dir: "desc", pageSize: 2 })).content.map((c) => c.emailList[0]))
      .toEqual(["younghee@example.com", "service@example.com"]);
    expect((await api.names(me, { sort: "id", dir: "asc" }))[0]).toBe("김민수");
    expect((await api.names(me, { sort: "userName", dir: "desc" }))[0]).toBe("123 Service");
  });

  it("pages a group's cards with the group's total, also past its end", async () => {
    const g = await api.addGroup(me, "Paged");
    const ids = (await api.list(me, { pageSize: 5 })).content.map((c) => c.id);
    await api.ok(200, "PUT", "/api/contact/relation", me, { cardIdList: ids, contactGroupIdList: [g.id] });
    const p1 = await api.list(me, { groupId: g.id, pageSize: 2, page: 1 });
    expect(p1).toMatchObject({ totalElements: 5, totalPages: 3 });
    expect(p1.content.map((c) => c.userName)).toEqual(["까치", "나영희"]);
    expect(await api.list(me, { groupId: g.id, pageSize: 2, page: 9 })).toMatchObject({ totalElements: 5, content: [] });
    await api.ok(200, "PUT", "/api/contact/relation", me, { cardIdList: ids, contactGroupIdList: [] });
    await api.ok(204, "DELETE", `/api/contact/group/${g.id}`, me);
  });

  it("filters by consonant tab: ㄱ holds ㄲ, A-Z ignores accents, # the rest", async () => {
    expect(await api.names(me, { consonant: "ㄱ" })).toEqual(["고민아", "김민수", "까치"]);
    expect(await api.names(me, { consonant: "ㅎ" })).toEqual(["홍길동", "회의 담당"]);
    expect(await api.names(me, { consonant: "e" })).toEqual(["Émile"]);
    expect(await api.names(me, { consonant: "#" })).toEqual(["123 Service"]);
    const bad = await api.raw("GET", "/api/contact/card?consonant=ㄲ", me);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("contact.consonant_invalid");
  });

  it("finds names by initials ('ㄱㅁ'), doubles folded", async () => {
    expect(await api.names(me, { searchWord: "ㄱㅁ" })).toEqual(["고민아", "김민수"]);
    expect(await api.names(me, { searchWord: "ㅁㅅ" })).toEqual(["김민수"]);
    expect(await api.names(me, { searchWord: "ㄲㅊ" })).toEqual(["까치"]);
    expect(await api.names(me, { groupId: "search", searchWord: "ㅎㄱㄷ" })).toEqual(["홍길동"]);
  });

  it("searches names, e-mails, phones and companies; Korean two-syllable words anywhere, not across words", async () => {
    expect(await api.names(me, { searchWord: "민수" })).toEqual(["김민수"]);
    expect(await api.names(me, { searchWord: "다우" })).toEqual(["김민수"]);
    expect(await api.names(me, { searchWord: "개발팀" })).toEqual(["김민수"]);
    expect(await api.names(me, { searchWord: "wonder" })).toEqual(["Alice Kim"]);
    expect(await api.names(me, { searchWord: "alice@wonder" })).toEqual(["Alice Kim"]);
    expect(await api.names(me, { searchWord: "1234-5678" })).toEqual(["김민수"]);
    expect(await api.names(me, { searchWord: "01012345678" })).toEqual(["김민수"]);
    expect(await api.names(me, { searchWord: "12345678" })).toEqual(["김민수"]);
    expect(await api.names(me, { searchWord: "kim" })).toEqual(["Alice Kim"]);
    // "회의록" is in 홍길동's company; "회의 담당" has 회의 and a memo 의록, which is not searched and not joined.
    expect(await api.names(me, { searchWord: "회의록" })).toEqual(["홍길동"]);
    expect(await api.names(me, { searchWord: "회의" })).toEqual(["홍길동", "회의 담당"]);
    expect(await api.names(me, { searchWord: "ice" })).toEqual([]);
    expect(await api.names(me, { searchWord: "김민수 dao" })).toEqual(["김민수"]);
    expect(await api.names(me, { searchWord: "!!" })).toEqual([]);
    expect(await api.names(me, { searchWord: "100%_" })).toEqual([]);
  });

  it("needs 2 characters to search and a word for the search group", async () => {
    for (const q of ["searchWord=a", "searchWord=%20a%20", "groupId=search"]) {
      const r = await api.raw("GET", `/api/contact/card?${q}`, me);
      expect(r.status, q).toBe(400);
      expect(r.body.code).toBe("contact.search_min_chars");
    }
    for (const q of ["groupId=bogus", "groupId=-7", "page=-1", "pageSize=1000", "sort=password", "dir=up", "trash=maybe"]) {
      expect((await api.raw("GET", `/api/contact/card?${q}`, me)).status, q).toBe(400);
    }
    expect((await api.raw("GET", `/api/contact/card?searchWord=${"가".repeat(101)}`, me)).status).toBe(400);
    expect((await api.raw("GET", "/api/contact/card?searchWord=ab%00", me)).status).toBe(400);
  });

  it("prints the whole list, id desc by default, with the same filters", async () => {
    const all = await api.ok<{ userName: string; id: number }[]>(200, "GET", "/api/contact/card/print", me);
    expect(all).toHaveLength(10);
    expect(all.map((c) => c.id)).toEqual([...all.map((c) => c.id)].sort((a, b) => b - a));
    const ks = await api.ok<{ userName: string }[]>(200, "GET", "/api/contact/card/print?consonant=ㄱ&sort=userName&dir=asc", me);
    expect(ks.map((c) => c.userName)).toEqual(["고민아", "김민수", "까치"]);
  });
});

describe("config", () => {
  it("answers defaults, then keeps first page, page size, sort/dir and hidden columns", async () => {
    const u = await A.user("configured");
    for (let i = 0; i < 12; i++) await api.addCard(u, person(`P${String(i).padStart(2, "0")}`, `p${i}@example.com`));
    expect(await api.ok(200, "GET", "/api/config/contact", u)).toEqual({
      firstPage: "all", sort: "userName", dir: "asc", sortDir: "userName/asc", pageSize: 20, blockSize: 10, useSelectBox: true, hideColumns: [],
    });
    const form = await t.call("PUT", "/api/config/contact", { token: u.token, form: { firstPage: "important", pageSize: 10 } });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body).toMatchObject({ firstPage: "important", pageSize: 10 });
    expect((await api.list(u)).content).toHaveLength(10);
    await api.ok(200, "PUT", "/api/config/contact", u, { sort: "userName/desc" });
    expect((await api.list(u)).content[0].userName).toBe("P11");
    await api.ok(200, "PUT", "/api/config/contact/30/pageSize", u);
    expect((await api.list(u)).pageSize).toBe(30);
    await api.ok(200, "PUT", "/api/config/contact/firstScreen", u, { firstPage: "unmapped" });
    await api.ok(200, "PUT", "/api/config/contact/hideColumns", u, { columnName: "memo", hide: true });
    const cfg = await api.ok(200, "PUT", "/api/config/contact/hideColumns", u, { columnName: "url", hide: "true" });
    expect(cfg).toMatchObject({ firstPage: "unmapped", pageSize: 30, sort: "userName", dir: "desc", hideColumns: ["memo", "url"] });
    expect(await api.ok(200, "PUT", "/api/config/contact/hideColumns", u, { columnName: "memo", hide: false })).toMatchObject({ hideColumns: ["url"] });
    for (const [m, p, json] of [
      ["PUT", "/api/config/contact/7/pageSize"],
      ["PUT", "/api/config/contact/abc/pageSize"],
      ["PUT", "/api/config/contact", { sort: "secret/asc" }],
      ["PUT", "/api/config/contact", { firstPage: "search" }],
      ["PUT", "/api/config/contact/firstScreen", { firstPage: "" }],
      ["PUT", "/api/config/contact/hideColumns", { columnName: "userName", hide: true }],
      ["PUT", "/api/config/contact/hideColumns", { columnName: "memo" }],
    ] as [string, string, unknown?][]) {
      expect((await api.raw(m, p, u, json)).status, `${p} ${JSON.stringify(json)}`).toBe(400);
    }
    // Another user's settings are theirs.
    expect(await api.ok(200, "GET", "/api/config/contact", me)).toMatchObject({ firstPage: "all", pageSize: 20 });
  });
});
