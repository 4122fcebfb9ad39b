// COPY racing an EXPUNGE of the same message in another session (imaptest's stress mode found NO [SERVERBUG]:
// the copied row pointed at a message the expunge had just deleted). Driven by Python's imaplib against the
// real server: (1) deterministically, an expunge holds its transaction open (the very purge an EXPUNGE runs)
// while a client's COPY of that message and another waits on it, then commits: the COPY copies what is left
// (COPYUID names it) or answers NO [EXPUNGEISSUED] when nothing is; (2) two imaplib sessions copying and
// expunging the same messages at once in threads, where every COPY answers OK or NO [EXPUNGEISSUED].
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { mails } from "../../../../db/schema/mail.ts";
import { purgeInTransaction } from "../../../../server/modules/mail/reading/purge.ts";
import { arrive } from "../../forward/helpers.ts";
import { type ClientTestUser, clientUser } from "../support.ts";
import { folderId, imaplibRun, imapSetup, until } from "./helpers.ts";

const { t, smtp, imap } = await imapSetup();
let A: ClientTestUser;

// deno-lint-ignore no-explicit-any
const run = <T = Record<string, any>>(body: string) => imaplibRun<T>(imap.port, A, body, [], 60_000);

/** The ids of the user's mails in the folder, by received order. */
async function mailIds(folder: number): Promise<number[]> {
  const rows = await t.db.db.select({ id: mails.id }).from(mails).where(eq(mails.folderId, folder)).orderBy(mails.id);
  return rows.map((r) => r.id);
}

/**
 * Runs the purge another session's EXPUNGE runs and, with its transaction still open, starts `client`; commits
 * once a backend of this database waits on a lock (the client's COPY); answers what the client printed.
 */
// deno-lint-ignore no-explicit-any
async function expungeDuring(folder: number, ids: number[], client: () => Promise<Record<string, any>>) {
  // deno-lint-ignore no-explicit-any
  let result!: Promise<Record<string, any>>;
  await t.db.db.transaction(async (tx) => {
    await purgeInTransaction(tx, A.userId, and(eq(mails.folderId, folder), inArray(mails.id, ids))!);
    result = client();
    result.catch(() => {});
    await until(async () => {
      const rows = await t.db.db.execute(sql`select 1 from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and state = 'active'`);
      return rows.length > 0;
    }, "the client's COPY to wait on the expunge's lock", 30_000);
  });
  return await result;
}

beforeAll(async () => {
  A = await clientUser(t, "imap-copy-race.test");
  for (const subject of ["race one", "race two", "race three"]) await arrive(smtp.port, { from: "s@remote.example", to: A.username, subject });
});

describe("COPY racing EXPUNGE", () => {
  test("a COPY waiting on a concurrent expunge copies what is left, or answers NO [EXPUNGEISSUED]", async () => {
    const inbox = (await folderId(t, A.userId, { type: "INBOX" }))!;
    const [first, second, third] = await mailIds(inbox);
    // Hands out the UIDs (1, 2, 3) and makes the target, before any expunge holds the inbox's counters.
    await run(`c = session(); c.select("INBOX"); out["create"] = c.create("Race")[0]; c.logout()`);
    const race = (await folderId(t, A.userId, { name: "Race" }))!;
    const copyWhile = (set: string) => `
c = session()
typ, data = c.select("INBOX")
out["exists"] = int(data[0])
typ, data = c._simple_command("UID", "COPY", "${set}", "Race")  # the tagged text (COPYUID)
out["copy"] = [typ, text(data[0])]
c.logout()
`;
    // The session saw message 1; its expunge commits while the COPY of it waits: nothing left to copy.
    const alone = await expungeDuring(inbox, [first], () => run(copyWhile("1")));
    expect(alone.exists).toBe(3);
    expect(alone.copy[0]).toBe("NO");
    expect(alone.copy[1]).toMatch(/^\[EXPUNGEISSUED\]/);
    expect(await mailIds(race)).toEqual([]);

    // Message 2 goes while a COPY of 2 and 3 waits: 3 is copied, and COPYUID says so.
    const rest = await expungeDuring(inbox, [second], () => run(copyWhile("2:3")));
    expect(rest.exists).toBe(2);
    expect(rest.copy[0]).toBe("OK");
    expect(rest.copy[1]).toMatch(/^\[COPYUID \d+ 3 1\]/);
    const copies = await t.db.db.select({ messageId: mails.messageId }).from(mails).where(eq(mails.folderId, race));
    const [orig] = await t.db.db.select({ messageId: mails.messageId }).from(mails).where(eq(mails.id, third));
    expect(copies).toEqual([{ messageId: orig.messageId }]);
  });

  test("two sessions copying and expunging the same messages at once: never a server error", async () => {
    for (let i = 0; i < 12; i++) await arrive(smtp.port, { from: "s@remote.example", to: A.username, subject: `stress ${i}` });
    const r = await run(`
a, b = session(), session()
a.create("Stress")
a.select("INBOX"); b.select("INBOX")
answers, errors = [], []
def copier():
    try:
        for _ in range(25):
            typ, data = a.copy("1:*", "Stress")
            answers.append([typ, text(data[0])])
            a.noop()
    except Exception as e:
        errors.append(repr(e))
def expunger():
    try:
        while True:
            typ, data = b.search(None, "ALL")
            if not data[0]: break
            b.store("1", "+FLAGS", "(\\\\Deleted)")
            b.expunge()
    except Exception as e:
        errors.append(repr(e))
ts = [threading.Thread(target=copier), threading.Thread(target=expunger)]
for th in ts: th.start()
for th in ts: th.join()
out["answers"], out["errors"] = answers, errors
a.logout(); b.logout()
`);
    expect(r.errors).toEqual([]);
    expect(r.answers).toHaveLength(25);
    for (const [typ, text] of r.answers) {
      if (typ === "NO") expect(text).toMatch(/^\[EXPUNGEISSUED\]/);
      else expect(typ).toBe("OK");
    }
    expect(JSON.stringify(r.answers)).not.toContain("SERVERBUG");
  });
});
