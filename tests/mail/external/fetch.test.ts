// Fetching external mail from a real dovecot over IMAP and POP3: messages land in the INBOX with the account's
// tag (made in the user's tag list), each once; a new message on the server comes next time; POP3 with
// keepOnServer off deletes what it stored; the scheduled job fetches due accounts; quota is respected.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailTags, users } from "../../../db/schema/index.ts";
import { fetchDueAccounts } from "../../../server/modules/mail/external/fetch.ts";
import { EXTERNAL_FETCH_INTERVAL_MS } from "../../../shared/mail/external.ts";
import { createTestApp } from "../../support/test-app.ts";
import { type Co, company } from "../folders/helpers.ts";
import { accountBody, dovecotFor, fetchNow, inbox, message, waitFetch } from "./helpers.ts";

const t = await createTestApp();
const d = await dovecotFor(["imap@mail.example", "pop@mail.example", "popdel@mail.example", "full@mail.example"]);
let A: Co;

beforeAll(async () => {
  A = await company(t, "fetch-alpha.test");
  expect((await t.call("GET", "/api/folders", { token: A.token })).status).toBe(200);
});

const add = async (json: Record<string, unknown>) => {
  const r = await t.call("POST", "/api/mail/config/external", { token: A.token, json });
  expect(r.status).toBe(201);
  expect(r.body.authStatus).toBe("AUTH_SUCCESS");
  return r.body;
};

describe("fetching external mail", () => {
  test("IMAP: messages land in the inbox with the tag, once; a new one comes next time", async () => {
    await d.deliver("imap@mail.example", message("imap one"));
    await d.deliver("imap@mail.example", message("imap two"));
    const acc = await add(accountBody(d, "imap@mail.example", "IMAP", { tag: "imap_box" }));

    const first = await fetchNow(t, A, acc.id);
    expect(first).toMatchObject({ fetchStatus: "COMPLETE", authStatus: "AUTH_SUCCESS", fetchedCount: 2, totalCount: 2 });
    expect(first.lastFetchAt).not.toBeNull();
    let box = (await inbox(t, A)).filter((m) => m.subject.startsWith("imap"));
    expect(box.map((m) => m.subject).sort()).toEqual(["imap one", "imap two"]);
    for (const m of box) expect(m.tags).toEqual(["imap_box"]);
    expect(box[0].text).toContain("\n.dot line");
    const tags = await t.db.db.select({ tag: mailTags.tag }).from(mailTags).where(eq(mailTags.userId, A.userId));
    expect(tags.map((x) => x.tag)).toContain("imap_box");
    // The tag folder lists them.
    const listed = await t.call("GET", "/api/mails?folderId=t_imap_box", { token: A.token });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain("imap one");

    const again = await fetchNow(t, A, acc.id);
    expect(again).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 0, totalCount: 0 });
    expect((await inbox(t, A)).filter((m) => m.subject.startsWith("imap"))).toHaveLength(2);

    await d.deliver("imap@mail.example", message("imap three"));
    expect(await fetchNow(t, A, acc.id)).toMatchObject({ fetchedCount: 1, totalCount: 1 });
    box = (await inbox(t, A)).filter((m) => m.subject.startsWith("imap"));
    expect(box.map((m) => m.subject).sort()).toEqual(["imap one", "imap three", "imap two"]);
    expect(await d.count("imap@mail.example")).toBe(3); // IMAP leaves mail on the server
  });

  test("POP3 keeping mail on the server: imported once, dot-unstuffed, left there", async () => {
    await d.deliver("pop@mail.example", message("pop one"));
    const acc = await add(accountBody(d, "pop@mail.example", "POP3", { tag: "pop_box" }));
    expect(await fetchNow(t, A, acc.id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 1 });
    expect(await fetchNow(t, A, acc.id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 0 });
    const box = (await inbox(t, A)).filter((m) => m.subject.startsWith("pop "));
    expect(box).toHaveLength(1);
    expect(box[0].tags).toEqual(["pop_box"]);
    expect(box[0].text).toContain("\n.dot line");
    expect(box[0].text).not.toContain("..dot");
    expect(await d.count("pop@mail.example")).toBe(1);
  });

  test("POP3 with keepOnServer off deletes each message once it is stored", async () => {
    await d.deliver("popdel@mail.example", message("del one"));
    await d.deliver("popdel@mail.example", message("del two"));
    const acc = await add(accountBody(d, "popdel@mail.example", "POP3", { tag: "pop_del", keepOnServer: false }));
    expect(acc.keepOnServer).toBe(false);
    expect(await fetchNow(t, A, acc.id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 2 });
    expect(await d.count("popdel@mail.example")).toBe(0);
    expect((await inbox(t, A)).filter((m) => m.subject.startsWith("del "))).toHaveLength(2);
  });

  test("the scheduled job fetches accounts that are due, and only those", async () => {
    await d.deliver("imap@mail.example", message("imap by job"));
    // Everything was just fetched: nothing is due.
    expect(await fetchDueAccounts(t.deps, EXTERNAL_FETCH_INTERVAL_MS)).toBe(0);
    t.clock.advance(EXTERNAL_FETCH_INTERVAL_MS + 1000);
    expect(await fetchDueAccounts(t.deps, EXTERNAL_FETCH_INTERVAL_MS)).toBe(3);
    expect((await inbox(t, A)).map((m) => m.subject)).toContain("imap by job");
    expect(await fetchDueAccounts(t.deps, EXTERNAL_FETCH_INTERVAL_MS)).toBe(0);
  });

  test("one fetch per account at a time: a second request while one runs starts nothing", async () => {
    const [acc] = (await t.call("GET", "/api/mail/config/external", { token: A.token })).body.accounts;
    const [r1, r2] = await Promise.all([
      t.call("GET", `/api/mail/config/fetch?externalIds=${acc.id}`, { token: A.token }),
      t.call("GET", `/api/mail/config/fetch?externalIds=${acc.id}`, { token: A.token }),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(r1.body.accounts[0].fetchStatus).toBe("FETCHING");
    expect(await waitFetch(t, A, acc.id)).toMatchObject({ fetchStatus: "COMPLETE" });
  });

  test("a full mailbox stops the fetch (FAILED, the quota code as the message); nothing is marked seen", async () => {
    await d.deliver("full@mail.example", message("too much"));
    const acc = await add(accountBody(d, "full@mail.example", "POP3", { tag: "full_box" }));
    const [u] = await t.db.db.select({ used: users.usedSize }).from(users).where(eq(users.id, A.userId));
    await t.db.db.update(users).set({ totalQuota: Number(u.used) + 10 }).where(eq(users.id, A.userId));
    expect(await fetchNow(t, A, acc.id)).toMatchObject({ fetchStatus: "FAILED", lastProtocolMessage: "mail.quota_exceeded", fetchedCount: 0 });
    await t.db.db.update(users).set({ totalQuota: 0 }).where(eq(users.id, A.userId));
    expect(await fetchNow(t, A, acc.id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 1 });
  });
});
