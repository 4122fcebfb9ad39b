// SEARCH through the IMAP store: flags, dates, sizes and MODSEQ on columns; FROM/SUBJECT as substrings;
// BODY and TEXT through the web's search index (Korean by two-character grams) with a substring fallback;
// other HEADER fields from the raw header; NOT/OR/AND; restricted to the UIDs given.
import { beforeAll, describe, expect, test } from "vitest";
import { createImapStore } from "../../../../server/modules/mail/imap/store/index.ts";
import type { SearchKey } from "../../../../server/modules/mail/imap/store/types.ts";
import { createTestApp } from "../../../support/test-app.ts";
import { listen, localResolver } from "../../smtp/support.ts";
import { deliver, imapUser, type StoreUser } from "./helpers.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
const store = createImapStore(t.deps);
let u: StoreUser;
let inbox: number;
let uids: number[];
let bySubject: Map<string, number>;

beforeAll(async () => {
  u = await imapUser(t, "imapsearch.test");
  await deliver(smtp.port, u.username, { subject: "주간 회의록 공유", text: "이번 주 회의록을 첨부합니다. 확인 부탁드립니다." });
  await deliver(smtp.port, u.username, { subject: "Quarterly report", text: "The quarterly numbers are attached.", headers: { "X-Project": "Apollo" } });
  await deliver(smtp.port, u.username, { subject: "점심 메뉴", text: "회의 끝나고 의록 식당에서 봐요" });
  inbox = (await store.findMailbox(u, "INBOX"))!.folderId;
  const snap = await store.snapshot(u, inbox, 1000);
  uids = snap.messages.map((m) => m.uid);
  const loaded = await t.call("GET", `/api/mails?folderId=${inbox}`, { token: u.token });
  const subjectOf = new Map<number, string>(loaded.body.mails.map((m: { mailId: number; subject: string }) => [m.mailId, m.subject]));
  bySubject = new Map(snap.messages.map((m) => [subjectOf.get(m.mailId)!, m.uid]));
});

const search = (key: SearchKey, within = uids) => store.search(u, inbox, key, within);
const uid = (subject: string) => bySubject.get(subject)!;

describe("search", () => {
  test("Korean words through the web's index: adjacent grams only", async () => {
    expect(await search({ type: "text", value: "회의록" })).toEqual([uid("주간 회의록 공유")]);
    expect(await search({ type: "body", value: "확인" })).toEqual([uid("주간 회의록 공유")]);
    expect(await search({ type: "body", value: "식당" })).toEqual([uid("점심 메뉴")]);
    expect(await search({ type: "header", field: "SUBJECT", value: "회의록" })).toEqual([uid("주간 회의록 공유")]);
  });

  test("English words: index prefixes and substrings the index cannot answer", async () => {
    expect(await search({ type: "text", value: "quarter" })).toEqual([uid("Quarterly report")]);
    expect(await search({ type: "body", value: "umbers" })).toEqual([uid("Quarterly report")]);
    expect(await search({ type: "header", field: "SUBJECT", value: "REPORT" })).toEqual([uid("Quarterly report")]);
    expect(await search({ type: "header", field: "FROM", value: "outside.test" })).toEqual(uids);
    expect(await search({ type: "header", field: "TO", value: "nobody@" })).toEqual([]);
  });

  test("other header fields from the raw header", async () => {
    expect(await search({ type: "header", field: "X-Project", value: "apollo" })).toEqual([uid("Quarterly report")]);
    expect(await search({ type: "header", field: "X-Project", value: "" })).toEqual([uid("Quarterly report")]);
    expect(await search({ type: "not", key: { type: "header", field: "X-Project", value: "" } }))
      .toEqual(uids.filter((x) => x !== uid("Quarterly report")));
  });

  test("flags, NEW/OLD/RECENT, NOT/OR/AND, sizes, dates, MODSEQ and the UIDs given", async () => {
    await store.store(u, inbox, [uid("점심 메뉴")], "add", ["\\Seen", "\\Answered"]);
    expect(await search({ type: "flag", flag: "\\Seen", set: true })).toEqual([uid("점심 메뉴")]);
    expect(await search({ type: "flag", flag: "\\Answered", set: false })).toEqual(uids.filter((x) => x !== uid("점심 메뉴")));
    expect(await search({ type: "new" })).toEqual(uids.filter((x) => x !== uid("점심 메뉴")));
    expect(await search({ type: "old" })).toEqual(uids);
    expect(await search({ type: "recent" })).toEqual([]);
    expect(await search({ type: "or", left: { type: "text", value: "회의록" }, right: { type: "text", value: "quarterly" } }))
      .toEqual([uid("주간 회의록 공유"), uid("Quarterly report")].sort((a, b) => a - b));
    expect(await search({ type: "and", keys: [{ type: "all" }, { type: "not", key: { type: "flag", flag: "\\Seen", set: true } }] }))
      .toEqual(uids.filter((x) => x !== uid("점심 메뉴")));
    expect(await search({ type: "size", op: "larger", size: 1 })).toEqual(uids);
    expect(await search({ type: "size", op: "smaller", size: 1 })).toEqual([]);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(await search({ type: "date", which: "internal", op: "on", date: today })).toEqual(uids);
    expect(await search({ type: "date", which: "internal", op: "before", date: today })).toEqual([]);
    expect(await search({ type: "date", which: "sent", op: "since", date: "2000-01-01" })).toEqual(uids);
    const snap = await store.snapshot(u, inbox, 1000);
    expect(await search({ type: "modseq", modseq: snap.highestModseq })).toEqual([uid("점심 메뉴")]);
    expect(await search({ type: "uids", uids: [uids[0]] })).toEqual([uids[0]]);
    expect(await search({ type: "all" }, [uids[1]])).toEqual([uids[1]]);
    expect(await search({ type: "all" }, [])).toEqual([]);
  });

  test("another company's folder answers NONEXISTENT", async () => {
    const other = await imapUser(t, "imapsearch-other.test");
    await expect(store.search(other, inbox, { type: "all" }, uids)).rejects.toMatchObject({ code: "NONEXISTENT" });
  });
});
