// IMAP fetch is incremental (external/imap-fetch.ts): after the first fetch only UIDs above the highest one
// imported are asked for ("UID FETCH max+1:*"), none at all when UIDNEXT shows nothing new; "n:*" answering
// an old message is not imported; a changed UIDVALIDITY fetches the mailbox again as new. Observed on the
// wire through a recording relay (tap.ts) in front of a real dovecot.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailExternalSeen } from "../../../db/schema/index.ts";
import { createTestApp } from "../../support/test-app.ts";
import { type Co, company } from "../folders/helpers.ts";
import { openSource } from "../../../server/modules/mail/external/fetch.ts";
import { accountBody, dovecotFor, fetchNow, inbox, message, PASSWORD } from "./helpers.ts";
import { tapFor } from "./tap.ts";

const t = await createTestApp();
const BOX = "inc@mail.example";
const d = await dovecotFor([BOX]);
const tap = await tapFor(d.imapPort);
let A: Co;
let id = 0;

/** Runs doveadm against this test's dovecot; answers its output. */
async function doveadm(...args: string[]): Promise<string> {
  const out = await new Deno.Command("doveadm", { args: ["-c", `${d.dir}/dovecot.conf`, ...args] }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) throw new Error(`doveadm ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  return text;
}

/** The UID FETCH commands the client sent, without their tags. */
const uidFetches = () => tap.lines().map((l) => l.replace(/^\S+ /, "")).filter((l) => /^UID FETCH /i.test(l));
const seenKeys = async () =>
  (await t.db.db.select({ uid: mailExternalSeen.uid }).from(mailExternalSeen).where(eq(mailExternalSeen.accountId, id))).map((r) => r.uid).sort();
const subjects = async () => (await inbox(t, A)).map((m) => m.subject).filter((s) => s.startsWith("inc ")).sort();

beforeAll(async () => {
  A = await company(t, "ext-incremental.test");
  expect((await t.call("GET", "/api/folders", { token: A.token })).status).toBe(200);
  for (const n of [1, 2, 3]) await d.deliver(BOX, message(`inc ${n}`));
  const r = await t.call("POST", "/api/mail/config/external", { token: A.token, json: accountBody(d, BOX, "IMAP", { port: tap.port, tag: "inc_box" }) });
  expect([r.status, r.body.authStatus]).toEqual([201, "AUTH_SUCCESS"]);
  id = r.body.id;
});

describe("incremental IMAP fetch", () => {
  test("the first fetch lists the mailbox; the next asks only for UIDs above the highest imported", async () => {
    tap.clear();
    expect(await fetchNow(t, A, id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 3, totalCount: 3 });
    expect(uidFetches().filter((c) => /^UID FETCH 1:\*/i.test(c))).toHaveLength(1);
    const validity = (await seenKeys())[0].split(":")[0];
    expect(await seenKeys()).toEqual([1, 2, 3].map((u) => `${validity}:${u}`));

    await d.deliver(BOX, message("inc 4"));
    tap.clear();
    expect(await fetchNow(t, A, id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 1, totalCount: 1 });
    const fetches = uidFetches();
    // One listing from UID 4 on, one body: nothing about messages 1-3.
    expect(fetches.filter((c) => /RFC822\.SIZE/i.test(c))).toEqual([expect.stringMatching(/^UID FETCH 4:\* /i)]);
    expect(fetches.filter((c) => !/RFC822\.SIZE/i.test(c))).toEqual([expect.stringMatching(/^UID FETCH 4 /i)]);
    expect(await subjects()).toEqual(["inc 1", "inc 2", "inc 3", "inc 4"]);
  });

  test("nothing new (UIDNEXT says so): no FETCH at all", async () => {
    tap.clear();
    expect(await fetchNow(t, A, id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 0, totalCount: 0 });
    expect(uidFetches()).toEqual([]);
  });

  test("\"n:*\" answering the last old message is not imported again", async () => {
    // Message 5 is given its UID (doveadm syncs the mailbox), then expunged before the fetch: UIDNEXT is 6,
    // so the fetch asks for 5:*, which the server answers with the highest message there, UID 4.
    const name = await d.deliver(BOX, message("inc gone"));
    expect(await doveadm("-f", "flow", "mailbox", "status", "-u", BOX, "uidnext", "INBOX")).toContain("uidnext=6");
    await Deno.remove(`${d.dir}/home/${BOX}/Maildir/new/${name}`).catch(() => doveadm("expunge", "-u", BOX, "mailbox", "INBOX", "uid", "5"));
    tap.clear();
    expect(await fetchNow(t, A, id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 0, totalCount: 0 });
    expect(uidFetches()).toEqual([expect.stringMatching(/^UID FETCH 5:\* /i)]);
    expect(await subjects()).toEqual(["inc 1", "inc 2", "inc 3", "inc 4"]);
    // The source itself drops that answer (not only the seen check of the fetch).
    const keys = await seenKeys();
    const source = await openSource({ protocol: "IMAP", host: d.host, port: d.imapPort, secure: false, loginId: BOX }, PASSWORD, { allowPrivate: true });
    try {
      expect(await source.list(new Set(keys))).toEqual({ messages: [], complete: false, forget: [] });
    } finally {
      await source.close();
    }
  });

  test("a changed UIDVALIDITY fetches the mailbox again as new, under the new keys only", async () => {
    const before = (await seenKeys())[0].split(":")[0];
    const next = String(Number(before) + 1000);
    await doveadm("mailbox", "update", "-u", BOX, "--uid-validity", next, "INBOX");
    tap.clear();
    expect(await fetchNow(t, A, id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 4, totalCount: 4 });
    expect(uidFetches().filter((c) => /RFC822\.SIZE/i.test(c))).toEqual([expect.stringMatching(/^UID FETCH 1:\* /i)]);
    const keys = await seenKeys();
    expect(keys).toHaveLength(4);
    for (const k of keys) expect(k.startsWith(`${next}:`)).toBe(true);
  });
});
