// Moving a mailbox in from another mail server over IMAP (server/modules/mail/import/), against a real dovecot
// holding a few hundred messages in nested folders (a Korean one among them), Sent and Trash marked by
// SPECIAL-USE, Drafts and a Korean spam folder known by name: every folder lands where it belongs with its
// hierarchy, every message once with its flags, INTERNALDATE and exact bytes; a second run copies nothing,
// new source mail comes with the next run, a run stopped part-way resumes, a UIDVALIDITY change is compared
// instead of copied again, the quota stops an import that resumes once raised, and failures say what failed.
// The script itself runs as a process (progress, summary, exit codes, killed and resumed, --csv), and last,
// with TLS turned on in dovecot, over implicit TLS and STARTTLS with the certificate trusted or not.
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { mailFolders, mailImapImports, users } from "../../../db/schema/index.ts";
import { QuotaFullError } from "../../../server/modules/mail/import/copy-folder.ts";
import { type ImportRequest, importImapAccount } from "../../../server/modules/mail/import/import-account.ts";
import { connect } from "node:net";
import { createTestApp } from "../../support/test-app.ts";
import { testTls } from "../clients/support.ts";
import { reconfigure } from "../external/helpers.ts";
import { type Co, company } from "../folders/helpers.ts";
import { folderPaths, seed, type Seeded, SOURCE_PASSWORD, sourceServer, suiteMails } from "./helpers.ts";

const OLD = "old@old.example";
const t = await createTestApp();
const BOB = "bob@old.example";
const d = await sourceServer([OLD, "tiny@old.example", BOB, "tls@old.example"]);
const root = new URL("../../../", import.meta.url).pathname;

const LAYOUT = {
  INBOX: 120,
  "Sent Messages": 40,
  "Deleted Messages": 10,
  Drafts: 5,
  "스팸편지함": 5,
  Projects: 20,
  "Projects/2024": 30,
  "Projects/2024/Q1": 15,
  "거래처": 3,
  "거래처/한국 고객": 25,
  Archive: 10,
};
const TOTAL = Object.values(LAYOUT).reduce((a, b) => a + b, 0);
/** Where each source folder must land: "type:path" as folderPaths() writes it. */
const WHERE: Record<string, string> = {
  INBOX: "INBOX:Inbox",
  "Sent Messages": "SENT:Sent",
  "Deleted Messages": "DELETED:Trash",
  Drafts: "DRAFTS:Drafts",
  "스팸편지함": "SPAM:Spam",
  Projects: "PRIVATE:Projects",
  "Projects/2024": "PRIVATE:Projects/2024",
  "Projects/2024/Q1": "PRIVATE:Projects/2024/Q1",
  "거래처": "PRIVATE:거래처",
  "거래처/한국 고객": "PRIVATE:거래처/한국 고객",
  Archive: "PRIVATE:Archive",
};

let A: Co;
let seeded: Seeded[];

const request = (to: string, extra: Partial<ImportRequest> = {}): ImportRequest => ({
  host: d.host,
  port: d.imapPort,
  security: "plain",
  user: OLD,
  password: SOURCE_PASSWORD,
  to,
  ...extra,
});

beforeAll(async () => {
  A = await company(t, "move-in.test");
  seeded = await seed(d, OLD, LAYOUT);
});

/** Runs the admin script as its own process on this file's database and data folder. */
async function script(args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/import-imap.ts", ...args],
    cwd: root,
    env: { DATABASE_URL: t.databaseUrl, DATA_DIR: t.dataDir },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

const cliArgs = (user: string, to: string, password = SOURCE_PASSWORD) =>
  ["--host", d.host, "--port", String(d.imapPort), "--plain", "--user", user, "--password", password, "--to", to];

/** Every seeded message is in the user's mailbox exactly once, in its folder, with its flags, date and bytes. */
async function expectAllCopied(userId: number, expected: Seeded[]) {
  const all = await suiteMails(t, userId);
  expect(all).toHaveLength(expected.length);
  const byId = new Map(all.map((m) => [m.messageIdHeader, m]));
  expect(byId.size).toBe(expected.length);
  const paths = await folderPaths(t, userId);
  for (const s of expected) {
    const m = byId.get(s.messageId.slice(1, -1)) ?? byId.get(s.messageId);
    expect(m, s.messageId).toBeDefined();
    expect(paths.get(m!.folderId)).toBe(WHERE[s.folder]);
    expect(m!.read).toBe(s.flags.includes("\\Seen"));
    expect(m!.important).toBe(s.flags.includes("\\Flagged"));
    const kept = s.flags.filter((f) => f !== "\\Seen" && f !== "\\Flagged" && !(s.folder === "Drafts" && f === "\\Draft"));
    expect([...m!.imapFlags].sort()).toEqual(kept.sort());
    expect(m!.receivedAt.getTime()).toBe(s.date.getTime());
    expect(m!.mailType).toBe(s.folder === "Sent Messages" ? "SENT" : s.folder === "Drafts" ? "DRAFT" : "NORMAL");
    expect(m!.subject).toBe(s.subject);
    expect(await t.deps.blobs.get(m!.blobKey)).toEqual(s.raw);
  }
}

describe("mail:import-imap", () => {
  test("copies every folder and message with flags, dates and bytes; the hierarchy and system folders mapped", async () => {
    const lines: string[] = [];
    const started = performance.now();
    const s = await importImapAccount(t.deps, request(A.username), { onProgress: (p) => void lines.push(`${p.folder}: ${p.done}/${p.total}`) });
    console.log(`import of ${TOTAL} messages: ${Math.round(performance.now() - started)} ms`);
    expect(s).toMatchObject({ to: A.username, copied: TOTAL, existing: 0, skipped: 0 });
    expect(lines).toContain("INBOX: 120/120");
    expect(lines).toContain("거래처/한국 고객: 25/25");
    expect(lines[0]).toBe("INBOX: 0/120"); // INBOX first, then the system folders
    await expectAllCopied(A.userId, seeded);
    // The folders' counters are the store's own (kept by its triggers): totals and unread per folder.
    const folders = await t.db.db.select().from(mailFolders).where(eq(mailFolders.userId, A.userId));
    const paths = await folderPaths(t, A.userId);
    for (const [source, count] of Object.entries(LAYOUT)) {
      const f = folders.find((r) => paths.get(r.id) === WHERE[source])!;
      expect(f.totalCount, source).toBe(count);
      expect(f.newCount, source).toBe(seeded.filter((x) => x.folder === source && !x.flags.includes("\\Seen")).length);
    }
    // Nested as on the source: Q1 under 2024 under Projects under "My folders".
    const q1 = folders.find((r) => paths.get(r.id) === "PRIVATE:Projects/2024/Q1")!;
    const y2024 = folders.find((r) => r.id === q1.parentId)!;
    const projects = folders.find((r) => r.id === y2024.parentId)!;
    expect(folders.find((r) => r.id === projects.parentId)!.folderType).toBe("PRIVATE_ROOT");
    // The web lists them like any mail.
    const listed = await t.call("GET", `/api/mails?folderId=${q1.id}`, { token: A.token });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(seeded.find((x) => x.folder === "Projects/2024/Q1")!.subject);
  });

  test("a second run copies nothing; new source mail comes with the next one", async () => {
    const again = await importImapAccount(t.deps, request(A.username));
    expect(again).toMatchObject({ copied: 0, existing: 0 });
    expect(again.folders.every((f) => f.total === 0)).toBe(true);
    expect(await suiteMails(t, A.userId)).toHaveLength(TOTAL);

    const more = await seed(d, OLD, { INBOX: 3, "Projects/2024": 2 });
    seeded.push(...more);
    const next = await importImapAccount(t.deps, request(A.username));
    expect(next).toMatchObject({ copied: 5, existing: 0 });
    await expectAllCopied(A.userId, seeded);
  });

  test("a run stopped part-way resumes after its last committed batch, copying nothing twice", async () => {
    const B = await company(t, "move-in-b.test");
    let calls = 0;
    const stop = new Error("stopped by the test");
    await expect(importImapAccount(t.deps, request(B.username), {
      batchSize: 7,
      onProgress: (p) => {
        if (p.done > 0 && ++calls === 23) throw stop;
      },
    })).rejects.toBe(stop);
    const partial = await suiteMails(t, B.userId);
    // INBOX (123: 17 batches of 7 and one of 4, 18 calls), then 5 batches of 7 in Sent Messages.
    expect(partial.length).toBe(LAYOUT.INBOX + 3 + 5 * 7);
    const state = await t.db.db.select().from(mailImapImports).where(eq(mailImapImports.userId, B.userId));
    expect(state.find((r) => r.sourcePath === "Sent Messages")).toMatchObject({ copiedCount: 35 });

    const resumed = await importImapAccount(t.deps, request(B.username));
    expect(resumed.copied).toBe(seeded.length - partial.length);
    expect(resumed.folders.find((f) => f.folder === "Sent Messages")).toMatchObject({ total: 5, copied: 5 });
    await expectAllCopied(B.userId, seeded);
  });

  test("after a UIDVALIDITY change the folder's messages are compared, not copied again", async () => {
    const before = (await t.db.db.select().from(mailImapImports)
      .where(and(eq(mailImapImports.userId, A.userId), eq(mailImapImports.sourcePath, "Archive"))))[0];
    // Dovecot numbers a maildir anew (a new UIDVALIDITY) when its UID list is gone.
    const box = `${d.dir}/home/${OLD}/Maildir/.Archive`;
    // (dovecot-keywords stays: it names the keywords the file names of the messages carry.)
    for await (const e of Deno.readDir(box)) {
      if (/^dovecot(-uidlist|\.index)/.test(e.name)) await Deno.remove(`${box}/${e.name}`);
    }
    const added = await seed(d, OLD, { Archive: 1 });
    seeded.push(...added);
    const s = await importImapAccount(t.deps, request(A.username));
    expect(s.folders.find((f) => f.folder === "Archive")).toMatchObject({ total: 11, copied: 1, existing: 10 });
    expect(s.copied).toBe(1);
    const after = (await t.db.db.select().from(mailImapImports).where(eq(mailImapImports.id, before.id)))[0];
    expect(after.uidValidity).not.toBe(before.uidValidity);
    await expectAllCopied(A.userId, seeded);
  });

  test("the quota stops the copy with what fitted filed; raised, the next run completes it", async () => {
    const C = await company(t, "move-in-c.test");
    const tiny = await seed(d, "tiny@old.example", { INBOX: 10 });
    const [u] = await t.db.db.select({ used: users.usedSize }).from(users).where(eq(users.id, C.userId));
    const fits = tiny.slice(0, 4).reduce((n, m) => n + m.raw.length, 0);
    await t.db.db.update(users).set({ totalQuota: u.used + fits }).where(eq(users.id, C.userId));
    const req = request(C.username, { user: "tiny@old.example" });
    const err = await importImapAccount(t.deps, req).catch((e) => e);
    expect(err).toBeInstanceOf(QuotaFullError);
    expect(err.message).toMatch(/^the mailbox of admin@move-in-c\.test is full .*INBOX stopped at UID 5; raise the quota and run again/);
    expect(await suiteMails(t, C.userId)).toHaveLength(4);

    await t.db.db.update(users).set({ totalQuota: 0 }).where(eq(users.id, C.userId));
    expect(await importImapAccount(t.deps, req)).toMatchObject({ copied: 6 });
    const all = await suiteMails(t, C.userId);
    expect(all.map((m) => m.subject).sort()).toEqual(tiny.map((m) => m.subject).sort());
  });

  test("a wrong password, an unreachable host, a missing STARTTLS and an unknown user say so", async () => {
    await expect(importImapAccount(t.deps, request(A.username, { password: "wrong-Pass1" })))
      .rejects.toThrow(new RegExp(`^login refused by 127\\.0\\.0\\.1:${d.imapPort} for ${OLD}: `));
    const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (closed.addr as Deno.NetAddr).port;
    closed.close();
    await expect(importImapAccount(t.deps, request(A.username, { port })))
      .rejects.toThrow(`cannot reach 127.0.0.1:${port} (ECONNREFUSED)`);
    await expect(importImapAccount(t.deps, request(A.username, { security: "starttls" })))
      .rejects.toThrow(`127.0.0.1:${d.imapPort} does not offer STARTTLS`);
    await expect(importImapAccount(t.deps, request("ghost@move-in.test"))).rejects.toThrow("no active user ghost@move-in.test on this server");
    expect(await suiteMails(t, A.userId)).toHaveLength(seeded.length);
  });
});

describe("the mail:import-imap script", () => {
  test("imports with progress lines and a summary; bad arguments and a refused login exit non-zero", async () => {
    const D = await company(t, "move-in-d.test");
    const bob = await seed(d, BOB, { INBOX: 12, Work: 8 });
    const r = await script(cliArgs(BOB, D.username));
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${BOB} at 127.0.0.1:${d.imapPort} → ${D.username}\n  INBOX: 0/12\n  INBOX: 12/12\n  Work: 0/8\n  Work: 8/8\n`);
    expect(r.stdout).toMatch(new RegExp(`done: 2 folders, 20 messages copied, 0 already there, 0 skipped, into ${D.username} in \\d+\\.\\d s\n$`));
    expect((await suiteMails(t, D.userId)).map((m) => m.subject).sort()).toEqual(bob.map((m) => m.subject).sort());

    const usage = await script(["--host", d.host, "--user", BOB, "--password", "x"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--to required");
    const refused = await script(cliArgs(BOB, D.username, "wrong-Pass1"));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: login refused by 127\.0\.0\.1:\d+ for bob@old\.example: /);
  });

  test("killed part-way, the script resumes on the next run without a duplicate", async () => {
    const F = await company(t, "move-in-f.test");
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "scripts/import-imap.ts", ...cliArgs(OLD, F.username)],
      cwd: root,
      env: { DATABASE_URL: t.databaseUrl, DATA_DIR: t.dataDir },
      stdout: "piped",
      stderr: "null",
    }).spawn();
    // Killed as soon as the INBOX is complete, while the other folders are still to come.
    let seen = "";
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    while (!/INBOX: (\d+)\/\1\n/.test(seen)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the script ended before the INBOX was done: ${seen}`);
      seen += value;
    }
    child.kill("SIGKILL");
    await reader.cancel().catch(() => {});
    expect((await child.status).signal).toBe("SIGKILL");
    const partial = (await suiteMails(t, F.userId)).length;
    expect(partial).toBeGreaterThanOrEqual(seeded.filter((s) => s.folder === "INBOX").length);
    expect(partial).toBeLessThan(seeded.length);

    const r = await script(cliArgs(OLD, F.username));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${seeded.length - partial} messages copied`);
    await expectAllCopied(F.userId, seeded);
  });

  test("--csv imports each line, goes on past failing ones, and exits non-zero naming them", async () => {
    const E = await company(t, "move-in-e.test");
    const file = `${t.dataDir}/accounts.csv`;
    await Deno.writeTextFile(file, [
      "host,port,security,user,password,to",
      `${d.host},${d.imapPort},plain,${BOB},"${SOURCE_PASSWORD}",${E.username}`,
      `${d.host},${d.imapPort},plain,${BOB},"wrong,Pass1",${E.username}`,
      `${d.host},x,plain,${BOB},${SOURCE_PASSWORD},${E.username}`,
      `${d.host},${d.imapPort},,${BOB},${SOURCE_PASSWORD},ghost@move-in-e.test`,
      "",
    ].join("\r\n"));
    const r = await script(["--csv", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`[1/4] line 2\n${BOB} at 127.0.0.1:${d.imapPort} → ${E.username}\n`);
    expect(r.stdout).toContain("1 of 4 accounts imported");
    expect(r.stderr).toMatch(new RegExp(`error: line 3 \\(${BOB} → ${E.username}\\): login refused by `));
    expect(r.stderr).toContain('error: line 4: port "x" is not a port number');
    expect(r.stderr).toContain(`error: line 5 (${BOB} → ghost@move-in-e.test): no active user ghost@move-in-e.test on this server`);
    expect(r.stderr).toMatch(/error: 3 of 4 accounts failed:\n {2}line 3 /);
    expect(await suiteMails(t, E.userId)).toHaveLength(20);
  });
});

/** The first line a port answers (an IMAP greeting), "" when it does not. */
async function greeting(port: number): Promise<string> {
  return await new Promise((done) => {
    const sock = connect(port, "127.0.0.1");
    sock.once("data", (b) => {
      sock.destroy();
      done(String(b));
    });
    sock.once("error", () => done(""));
  });
}

describe("over TLS", () => {
  test("implicit TLS and STARTTLS with the certificate trusted through EXTERNAL_MAIL_CA_FILE; untrusted, refused", async () => {
    // Dovecot with the localhost test certificate: STARTTLS on its port, implicit TLS on a second one.
    const material = await testTls();
    const caFile = `${t.dataDir}/old-server-ca.pem`;
    await Deno.writeTextFile(caFile, material.cert);
    await Deno.writeTextFile(`${d.dir}/cert.pem`, material.cert);
    await Deno.writeTextFile(`${d.dir}/key.pem`, material.key);
    const free = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const imapsPort = (free.addr as Deno.NetAddr).port;
    free.close();
    await reconfigure(d, (conf) =>
      conf.replace("ssl = no", `ssl = yes\nssl_cert = <${d.dir}/cert.pem\nssl_key = <${d.dir}/key.pem`)
        .replace("inet_listener imaps {\n    port = 0", `inet_listener imaps {\n    address = 127.0.0.1\n    port = ${imapsPort}`),
    async () => (await greeting(d.imapPort)).includes("STARTTLS"));
    const trusting = await createTestApp({ EXTERNAL_MAIL_CA_FILE: caFile });
    const G = await company(trusting, "move-in-g.test");
    const tiny = { user: "tls@old.example" };
    await seed(d, tiny.user, { INBOX: 6, "Sent Messages": 4 });

    const overTls = await importImapAccount(trusting.deps, request(G.username, { ...tiny, security: "tls", port: imapsPort }));
    expect(overTls).toMatchObject({ copied: 10 });
    // The same mailbox through STARTTLS is another source name to the import: its rows start empty, and the
    // folder already holding mail, each message is compared and found there.
    const overStarttls = await importImapAccount(trusting.deps, request(G.username, { ...tiny, security: "starttls" }));
    expect(overStarttls).toMatchObject({ copied: 0, existing: 10 });
    expect(await suiteMails(trusting, G.userId)).toHaveLength(10);

    await expect(importImapAccount(t.deps, request(A.username, { security: "starttls" })))
      .rejects.toThrow(new RegExp(`^the certificate of 127\\.0\\.0\\.1:${d.imapPort} is not trusted \\(\\w+\\); add it to EXTERNAL_MAIL_CA_FILE`));
    await expect(importImapAccount(t.deps, request(A.username, { security: "tls", port: imapsPort })))
      .rejects.toThrow(/is not trusted/);
  });
});
