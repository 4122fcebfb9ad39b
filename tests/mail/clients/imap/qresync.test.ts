// QRESYNC (RFC 7162 §3.2) on the wire with a bare client: ENABLE, SELECT (QRESYNC ...) after flag changes
// and after removals made over IMAP and through the web API (move, trash, delete for ever), VANISHED instead
// of EXPUNGE on an enabled session (NOOP, EXPUNGE, UID EXPUNGE, MOVE, IDLE), UID FETCH (CHANGEDSINCE n
// VANISHED), [CLOSED], the answer for a MODSEQ older than the kept removals (with seq-match-data), and the
// BAD answers the RFC demands.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { mailFolders, mails } from "../../../../db/schema/index.ts";
import { arrive } from "../../forward/helpers.ts";
import { type ClientTestUser, clientUser } from "../support.ts";
import { folderId, imapSetup } from "./helpers.ts";
import { RawImap } from "./raw-client.ts";

const { t, smtp, imap } = await imapSetup({ idlePollMs: 50 });
let A: ClientTestUser;
let inboxId: number;
const open: RawImap[] = [];

async function signedIn(enable = true): Promise<RawImap> {
  const c = await RawImap.connect(imap.port);
  open.push(c);
  await c.line();
  expect((await c.run("L", `LOGIN ${A.username} ${A.password}`)).done).toMatch(/^OK /);
  if (enable) expect(await c.run("E", "ENABLE QRESYNC")).toEqual({ lines: ["* ENABLED QRESYNC"], done: "OK ENABLE completed" });
  return c;
}

const code = (lines: string[], name: string) => Number(lines.map((l) => new RegExp(`\\[${name} (\\d+)\\]`).exec(l)?.[1]).find(Boolean));

async function select(c: RawImap, extra = "") {
  const r = await c.run("S", `SELECT INBOX${extra}`);
  expect(r.done).toMatch(/^OK \[READ-WRITE\]/);
  return { ...r, uidValidity: code(r.lines, "UIDVALIDITY"), highest: code(r.lines, "HIGHESTMODSEQ") };
}

async function uidsOf(c: RawImap): Promise<number[]> {
  return (await c.run("U", "UID FETCH 1:* (UID)")).lines.map((l) => Number(/UID (\d+)/.exec(l)?.[1])).filter(Boolean);
}

/** The UIDs of the VANISHED lines (with `earlier`: only the (EARLIER) ones). */
function vanished(lines: string[], earlier: boolean): number[] {
  const out: number[] = [];
  for (const l of lines) {
    const m = /^\* VANISHED (\(EARLIER\) )?([\d:,]+)$/.exec(l);
    if (!m || !!m[1] !== earlier) continue;
    for (const part of m[2].split(",")) {
      const [a, b] = part.split(":").map(Number);
      for (let u = a; u <= (b ?? a); u++) out.push(u);
    }
  }
  return out;
}

async function mailIdOf(uid: number): Promise<number> {
  const [m] = await t.db.db.select({ id: mails.id }).from(mails).where(and(eq(mails.folderId, inboxId), eq(mails.uid, uid)));
  return m.id;
}

beforeAll(async () => {
  A = await clientUser(t, "imap-qresync.test");
  for (let i = 1; i <= 16; i++) await arrive(smtp.port, { from: "x@remote.example", to: A.username, subject: `m${i}` });
  inboxId = (await folderId(t, A.userId, { type: "INBOX" }))!;
});

afterAll(() => {
  for (const c of open) c.close();
});

describe("QRESYNC", () => {
  test("CAPABILITY and ENABLE; ENABLE QRESYNC implies CONDSTORE and puts the UID in every FETCH", async () => {
    const c = await signedIn(false);
    expect((await c.run("a", "CAPABILITY")).lines[0]).toMatch(/ CONDSTORE QRESYNC/);
    expect((await c.run("b", "ENABLE QRESYNC CONDSTORE")).lines).toEqual(["* ENABLED QRESYNC CONDSTORE"]);
    await select(c);
    const r = await c.run("c", "STORE 1 +FLAGS (\\Answered)");
    expect(r.lines).toEqual([expect.stringMatching(/^\* 1 FETCH \(UID \d+ FLAGS \(.*\\Answered.*\) MODSEQ \(\d+\)\)$/)]);
  });

  test("BAD: the parameter without ENABLE QRESYNC, malformed parameters, VANISHED outside UID FETCH + CHANGEDSINCE", async () => {
    const plain = await signedIn(false);
    expect((await plain.run("a", "SELECT INBOX (QRESYNC (1 1))")).done).toMatch(/^BAD /);
    await plain.run("b", "SELECT INBOX (CONDSTORE)");
    expect((await plain.run("c", "UID FETCH 1:* (FLAGS) (CHANGEDSINCE 1 VANISHED)")).done).toMatch(/^BAD /);
    const c = await signedIn();
    for (const bad of ["(QRESYNC)", "(QRESYNC (x 1))", "(QRESYNC (1))", "(QRESYNC (1 1 1:5 (1:2 5)))", "(QRESYNC (1 1 1:5 (1 2) 7))"]) {
      expect((await c.run("d", `SELECT INBOX ${bad}`)).done, bad).toMatch(/^BAD /);
    }
    await select(c);
    expect((await c.run("e", "FETCH 1:* (FLAGS) (CHANGEDSINCE 1 VANISHED)")).done).toMatch(/^BAD /);
    expect((await c.run("f", "UID FETCH 1:* (FLAGS) (VANISHED)")).done).toMatch(/^BAD /);
  });

  test("SELECT (QRESYNC ...) after flag changes and an IMAP expunge elsewhere; [CLOSED] before it", async () => {
    const c = await signedIn();
    const before = await select(c);
    const uids = await uidsOf(c);
    const other = await signedIn(false);
    await select(other);
    await other.run("a", `UID STORE ${uids[1]} +FLAGS (\\Flagged)`);
    await other.run("b", `UID STORE ${uids[2]} +FLAGS (\\Deleted)`);
    expect((await other.run("c", "EXPUNGE")).lines).toEqual(["* 3 EXPUNGE"]);
    await c.run("d", "EXAMINE Trash");
    const r = await select(c, ` (QRESYNC (${before.uidValidity} ${before.highest}))`);
    expect(r.lines[0]).toBe("* OK [CLOSED] Previous mailbox closed");
    expect(r.highest).toBeGreaterThan(before.highest);
    expect(vanished(r.lines, true)).toEqual([uids[2]]);
    const fetches = r.lines.filter((l) => l.includes("FETCH"));
    expect(fetches).toEqual([expect.stringMatching(new RegExp(`^\\* 2 FETCH \\(UID ${uids[1]} FLAGS \\(\\\\Flagged\\) MODSEQ \\(\\d+\\)\\)$`))]);
    // The VANISHED and FETCH come after the usual responses, the last of them HIGHESTMODSEQ.
    expect(r.lines.findIndex((l) => l.includes("HIGHESTMODSEQ"))).toBeLessThan(r.lines.findIndex((l) => l.includes("VANISHED")));
    // A UIDVALIDITY that is not the mailbox's: a plain SELECT.
    const stale = await select(c, ` (QRESYNC (${before.uidValidity + 1000} 1))`);
    expect(stale.lines.filter((l) => l.includes("VANISHED") || l.includes("FETCH"))).toEqual([]);
  });

  test("removals through the web API (move, trash, delete for ever) raise HIGHESTMODSEQ and come back as VANISHED (EARLIER)", async () => {
    const c = await signedIn();
    const before = await select(c);
    const uids = await uidsOf(c);
    expect((await c.run("a", "CREATE Archive")).done).toMatch(/^OK /);
    await c.run("b", "LOGOUT");
    const archive = (await folderId(t, A.userId, { name: "Archive" }))!;
    const [moved, trashed, purged] = [await mailIdOf(uids[0]), await mailIdOf(uids[1]), await mailIdOf(uids[2])];
    expect((await t.call("PUT", "/api/mails/folderId", { token: A.token, json: { mailIds: [moved], targetFolderId: archive } })).status).toBe(200);
    expect((await t.call("PUT", "/api/mails/deleteStatus", { token: A.token, json: { mailIds: [trashed] } })).status).toBe(200);
    expect((await t.call("DELETE", "/api/mails", { token: A.token, json: { mailIds: [purged] } })).status).toBe(204);
    const d = await signedIn();
    const r = await select(d, ` (QRESYNC (${before.uidValidity} ${before.highest} 1:${uids[uids.length - 1]}))`);
    expect(r.highest).toBeGreaterThan(before.highest);
    expect(vanished(r.lines, true)).toEqual(uids.slice(0, 3));
    expect(r.lines.filter((l) => l.includes("FETCH"))).toEqual([]);
    // known-uids limits the answer.
    const only = await select(d, ` (QRESYNC (${before.uidValidity} ${before.highest} ${uids[1]}))`);
    expect(vanished(only.lines, true)).toEqual([uids[1]]);
  });

  test("an enabled session hears VANISHED, not EXPUNGE: NOOP, EXPUNGE, UID EXPUNGE, MOVE, IDLE", async () => {
    const c = await signedIn();
    await select(c);
    const uids = await uidsOf(c);
    const other = await signedIn(false);
    await select(other);
    await other.run("a", `UID STORE ${uids[0]} +FLAGS (\\Deleted)`);
    await other.run("b", "EXPUNGE");
    expect((await c.run("c", "NOOP")).lines).toEqual([`* VANISHED ${uids[0]}`, `* ${uids.length - 1} EXISTS`]);
    await c.run("d", `UID STORE ${uids[1]}:${uids[2]} +FLAGS.SILENT (\\Deleted)`);
    expect((await c.run("e", `UID EXPUNGE ${uids[1]}`)).lines).toEqual([`* VANISHED ${uids[1]}`]);
    expect((await c.run("f", "EXPUNGE")).lines).toEqual([`* VANISHED ${uids[2]}`]);
    const move = await c.run("g", `UID MOVE ${uids[3]} Trash`);
    expect(move.lines).toEqual([expect.stringMatching(/^\* OK \[COPYUID /), `* VANISHED ${uids[3]}`]);
    c.write("i IDLE\r\n");
    expect(await c.line()).toBe("+ idling");
    expect((await t.call("PUT", "/api/mails/deleteStatus", { token: A.token, json: { mailIds: [await mailIdOf(uids[4])] } })).status).toBe(200);
    expect(await c.line()).toBe(`* VANISHED ${uids[4]}`);
    expect(await c.line()).toBe(`* ${uids.length - 5} EXISTS`);
    c.write("DONE\r\n");
    expect((await c.until("i")).done).toBe("OK IDLE terminated");
  });

  test("UID FETCH (CHANGEDSINCE n VANISHED): expunged UIDs of the set, then the changed messages", async () => {
    const c = await signedIn();
    const before = await select(c);
    const uids = await uidsOf(c);
    await c.run("a", "LOGOUT");
    expect((await t.call("DELETE", "/api/mails", { token: A.token, json: { mailIds: [await mailIdOf(uids[0])] } })).status).toBe(204);
    expect((await t.call("PUT", "/api/mails/readStatus", { token: A.token, json: { mailIds: [await mailIdOf(uids[1])], readStatus: 1 } })).status).toBe(200);
    const d = await signedIn();
    await select(d);
    const r = await d.run("b", `UID FETCH 1:* (FLAGS) (CHANGEDSINCE ${before.highest} VANISHED)`);
    expect(r.lines[0]).toBe(`* VANISHED (EARLIER) ${uids[0]}`);
    expect(r.lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^\\* 1 FETCH \\(UID ${uids[1]} FLAGS \\(\\\\Seen\\) MODSEQ \\(\\d+\\)\\)$`))]);
    // Outside the UID set nothing is reported.
    expect(vanished((await d.run("c", `UID FETCH ${uids[1]}:* (FLAGS) (CHANGEDSINCE ${before.highest} VANISHED)`)).lines, true)).toEqual([]);
  });

  test("a MODSEQ older than the kept removals: every known UID not in the mailbox, above what seq-match-data confirms", async () => {
    const c = await signedIn();
    const now = await select(c);
    const uids = await uidsOf(c);
    // As if the removals up to now had been pruned (store/vanished.ts keeps the newest few thousand).
    await t.db.db.update(mailFolders).set({ imapVanishedFloor: now.highest }).where(eq(mailFolders.id, inboxId));
    const known = `1:${uids[uids.length - 1]}`;
    const all = await select(c, ` (QRESYNC (${now.uidValidity} 1 ${known}))`);
    const missing = Array.from({ length: uids[uids.length - 1] }, (_, i) => i + 1).filter((u) => !uids.includes(u));
    expect(vanished(all.lines, true)).toEqual(missing);
    expect(all.lines.filter((l) => l.includes("FETCH"))).toHaveLength(uids.length); // every MODSEQ is above 1
    // The client's sequence numbers 1 and 2 still match: nothing at or below the UID of 2 is reported.
    const matched = await select(c, ` (QRESYNC (${now.uidValidity} 1 ${known} (1,2 ${uids[0]},${uids[1]})))`);
    expect(vanished(matched.lines, true)).toEqual(missing.filter((u) => u > uids[1]));
    // With the current MODSEQ (not below the floor) nothing vanished.
    expect(vanished((await select(c, ` (QRESYNC (${now.uidValidity} ${now.highest}))`)).lines, true)).toEqual([]);
  });
});
