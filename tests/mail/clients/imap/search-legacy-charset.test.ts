// SEARCH on the raw header reads the header as the store does (store/raw-headers.ts): a message from an older
// Korean client, with raw EUC-KR bytes in From, To, Subject and other fields, or with ks_c_5601-1987 encoded
// words, is found by a UTF-8 search string (imapflow sends CHARSET UTF-8), also where only the raw header
// holds the text (the second address of From, a group name, a field without a column). SENTON reads the Date
// header with the store's reader (store/mail-date.ts). The messages arrive over real SMTP.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import type { ImapFlow } from "imapflow";
import { sendRaw } from "../../smtp/support.ts";
import { type ClientTestUser, clientUser } from "../support.ts";
import { imapflowClient, imapSetup } from "./helpers.ts";

const { t, smtp, imap } = await imapSetup();
let A: ClientTestUser;
let client: ImapFlow;

/** Korean words as EUC-KR (CP949) bytes, checked against TextDecoder below. */
const EUC_KR: Record<string, number[]> = {
  "김철수": [0xb1, 0xe8, 0xc3, 0xb6, 0xbc, 0xf6],
  "영업팀": [0xbf, 0xb5, 0xbe, 0xf7, 0xc6, 0xc0],
  "납품 일정": [0xb3, 0xb3, 0xc7, 0xb0, 0x20, 0xc0, 0xcf, 0xc1, 0xa4],
  "회의": [0xc8, 0xb8, 0xc0, 0xc7],
};

/** A message of ASCII text and EUC-KR words: `{이름}` stands for the EUC-KR bytes of 이름. */
function eucKrMessage(text: string): Uint8Array {
  const out: number[] = [];
  for (const piece of text.split(/(\{[^}]+\})/)) {
    if (piece.startsWith("{")) out.push(...EUC_KR[piece.slice(1, -1)]);
    else out.push(...new TextEncoder().encode(piece));
  }
  return new Uint8Array(out);
}

/** ks_c_5601-1987 B-encoded word of a Korean word (the charset label Outlook writes for CP949). */
function ksWord(word: string): string {
  return `=?ks_c_5601-1987?B?${btoa(String.fromCharCode(...EUC_KR[word]))}?=`;
}

const MESSAGES = () => [
  // 1: raw EUC-KR in the header, the charset declared by the body (as Outlook Express and old webmail wrote it)
  eucKrMessage(
    "From: Kim <kim@remote.example>, {김철수} <chulsoo@remote.example>\r\n" +
      "To: {영업팀}: lee@remote.example, park@remote.example;\r\n" +
      "Subject: {납품 일정}\r\nX-Note: {회의} at ten\r\nDate: Tue, 24 Nov 2026 10:00:00 0900\r\n" +
      "Content-Type: text/plain; charset=euc-kr\r\n\r\n{회의}\r\n",
  ),
  // 2: the same words as ks_c_5601-1987 encoded words, in ASCII
  new TextEncoder().encode(
    `From: Park <park@remote.example>, ${ksWord("김철수")} <chulsoo@remote.example>\r\n` +
      `To: ${ksWord("영업팀")}: lee@remote.example;\r\nSubject: ${ksWord("납품 일정")}\r\nX-Note: ${ksWord("회의")}\r\n` +
      "Date: 2026-11-20 10:00:00 +0900\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nbody\r\n",
  ),
  // 3: nothing Korean
  new TextEncoder().encode(
    `From: Lee <lee@remote.example>\r\nTo: ${A.username}\r\nSubject: plain\r\nX-Note: none\r\n` +
      "Date: Fri, 20 Nov 2026 23:00:00 -0800\r\n\r\nbody\r\n",
  ),
];

beforeAll(async () => {
  A = await clientUser(t, "imap-legacy-charset.test");
  for (const raw of MESSAGES()) {
    const r = await sendRaw(smtp.port, { from: "sender@remote.example", to: [A.username] }, Buffer.from(raw));
    if (!r.ok) throw new Error(`SMTP: ${r.response}`);
  }
  client = imapflowClient(imap.port, A);
  await client.connect();
  await client.mailboxOpen("INBOX");
});

afterAll(async () => {
  await client?.logout().catch(() => {});
});

describe("SEARCH with UTF-8 strings over legacy Korean headers", () => {
  test("the test's EUC-KR bytes are the words they stand for", () => {
    for (const [word, bytes] of Object.entries(EUC_KR)) expect(new TextDecoder("euc-kr").decode(new Uint8Array(bytes))).toBe(word);
  });

  test("FROM finds the second address's name, raw EUC-KR or encoded (the From column keeps only the first)", async () => {
    expect(await client.search({ from: "김철수" })).toEqual([1, 2]);
    expect(await client.search({ from: "kim@remote" })).toEqual([1]);
  });

  test("TO finds a group name, which no column keeps", async () => {
    expect(await client.search({ to: "영업팀" })).toEqual([1, 2]);
  });

  test("HEADER finds a field without a column, raw EUC-KR or encoded", async () => {
    expect(await client.search({ header: { "X-Note": "회의" } })).toEqual([1, 2]);
    expect(await client.search({ header: { "X-Note": "회의 at" } })).toEqual([1]);
    expect(await client.search({ header: { "X-Note": "none" } })).toEqual([3]);
  });

  test("SUBJECT finds the decoded subject", async () => {
    expect(await client.search({ subject: "납품" })).toEqual([1, 2]);
  });

  test("SENTON compares the day the Date header writes, read by the store's reader", async () => {
    expect(await client.search({ sentOn: new Date("2026-11-24T00:00:00Z") })).toEqual([1]); // zone without its sign
    expect(await client.search({ sentOn: new Date("2026-11-20T00:00:00Z") })).toEqual([2, 3]); // ISO-like; 3 is the 21st in UTC
  });
});
