// A web flag change racing a move of the same mail (an IMAP client's MOVE, or another browser): PUT
// /api/mails/readStatus and importantStatus wait for the move's row lock and then must still find the mail
// (it is still the user's, in its new folder) instead of answering 404. The move's transaction is held open
// until the web request is seen waiting on its lock, then committed: the interleaving is forced every run.
import { beforeAll, describe, expect, test } from "vitest";
import { eq, sql } from "drizzle-orm";
import { mails } from "../../../../db/schema/mail.ts";
import { createImapStore } from "../../../../server/modules/mail/imap/store/index.ts";
import { createTestApp } from "../../../support/test-app.ts";
import { listen, localResolver } from "../../smtp/support.ts";
import { deliver, imapUser, mailboxNamed, type StoreUser, until, webList } from "./helpers.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
const store = createImapStore(t.deps);
let A: StoreUser;

beforeAll(async () => {
  A = await imapUser(t, "imapstore-webrace.test");
  await deliver(smtp.port, A.username);
});

/** Moves the mail (as a move does: its folder changes) in a transaction held open while `request` waits on it. */
async function moveDuring(mailId: number, folderId: number, request: () => Promise<{ status: number; body: unknown }>) {
  let answer!: Promise<{ status: number; body: unknown }>;
  await t.db.db.transaction(async (tx) => {
    await tx.update(mails).set({ folderId }).where(eq(mails.id, mailId));
    answer = request();
    answer.catch(() => {});
    await until(async () => {
      const rows = await t.db.db.execute(sql`select 1 from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and state = 'active'`);
      return rows.length > 0;
    }, "the web request to wait on the move's lock");
  });
  return await answer;
}

describe("web flag changes racing a move", () => {
  test("readStatus and importantStatus find a mail a concurrent move just moved", async () => {
    const inbox = await mailboxNamed(store, A, "INBOX");
    const folder = await store.createMailbox(A, "옮김");
    const [mail] = await webList(t, A.token, inbox.folderId);

    const read = await moveDuring(mail.mailId, folder.folderId, () =>
      t.call("PUT", "/api/mails/readStatus", { token: A.token, json: { mailIds: [mail.mailId], readStatus: 1 } }));
    expect(read.status).toBe(200);

    const important = await moveDuring(mail.mailId, inbox.folderId, () =>
      t.call("PUT", "/api/mails/importantStatus", { token: A.token, json: { mailIds: [mail.mailId], importantStatus: 1 } }));
    expect(important.status).toBe(200);

    const [now] = await webList(t, A.token, inbox.folderId);
    expect(now).toMatchObject({ mailId: mail.mailId, readStatus: 1, importantStatus: 1 });
  });
});
