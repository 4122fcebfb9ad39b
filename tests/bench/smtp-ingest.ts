// Inbound SMTP ingest benchmark (not part of the test suite):
//   ./node_modules/.bin/deno run -A tests/bench/smtp-ingest.ts [messages=2000] [senders=8] [kb=20] [nodemailer|pipelining]
// One listener (startSmtpListener, as server/main.ts starts it) on loopback, on DATABASE_URL or an embedded
// PostgreSQL in a temp folder, with a blob store in a temp folder (every put synced). The senders run in a
// Worker (own thread and event loop, as other servers would be other machines): `senders` connections, each
// sending its share of pre-composed, DKIM-signed ~`kb` KB messages one after another. The client is either
// nodemailer's SMTPConnection (MAIL, RCPT, DATA, the message, RSET: one round trip each) or, "pipelining", a
// lean one that sends as Postfix does (MAIL, RCPT and DATA in one write, RFC 2920; the message after the 354;
// no RSET), which costs the shared two cores far less CPU on the senders' side. A message counts when its 250
// came back, which the listener sends only after the commit (of its group: concurrent messages share
// transactions, store/group-commit.ts; the bench prints the average group size). DNS is a local stand-in publishing SPF, the DKIM key and DMARC p=reject
// for the sender, so every message is fully verified. Two runs: all to one recipient; spread over 20 recipients.
// Then a breakdown: the stages of one message (parse, checks, blob put, filing transaction) timed one by one.
// Before and after the runs, a fixed piece of work is timed ("machine speed"), so a run on a slower host is seen
// as such. On this machine's file system (ext4 without a journal), creating files costs several times more
// for a few minutes after many were deleted, as at the end of the previous run: leave 6 minutes between runs,
// or run with BENCH_LEAVE_FILES=1 (tests/bench/support.ts) and delete the folders later (tests/bench/RESULTS.md).
import { openBench } from "./support.ts";
import { Buffer } from "node:buffer";
import { generateKeyPairSync } from "node:crypto";
import nodemailer from "nodemailer";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { checkAuthentication, type DnsResolver } from "../../server/modules/mail/smtp/auth.ts";
import { startSmtpListener } from "../../server/modules/mail/smtp/listener.ts";
import { fileMessage } from "../../server/modules/mail/store/deliver.ts";
import { groupStats } from "../../server/modules/mail/store/group-commit.ts";
import { parseMessage } from "../../server/modules/mail/store/parse.ts";
import { dotStuff } from "../../server/modules/mail/pop3/wire.ts";
import { startBridge } from "../../server/realtime/bridge.ts";

const WORKER_NAME = "smtp-ingest-bench-senders";
const SENDER = "news@bench-sender.test";

type Client = "nodemailer" | "pipelining";
type Job = { port: number; recipients: string[]; count: number; senders: number; kb: number; privateKey: string; tag: string; client: Client };

if ((globalThis as { name?: string }).name === WORKER_NAME) {
  // ---- the sending servers (Worker) ----
  let go: () => void = () => {};
  self.onmessage = async (e: MessageEvent<Job | "go">) => {
    if (e.data === "go") return go();
    const job = e.data;
    const composer = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      dkim: { domainName: "bench-sender.test", keySelector: "bench", privateKey: job.privateKey },
    });
    // Plain text and HTML of equal length, sized so the composed (encoded, signed) message is about `kb` KB.
    const filler = "Quarterly figures attached, see the notes below. 분기 실적 보고서를 첨부합니다. ".repeat(2000);
    const compose = (i: number, to: string, chars: number) =>
      composer.sendMail({
        from: `Bench <${SENDER}>`,
        to,
        subject: `${job.tag} message ${i}`,
        text: filler.slice(0, chars),
        html: `<html><body><p onclick="x()">${filler.slice(0, chars)}</p><script>x()</script></body></html>`,
      }).then((info) => info.message as Buffer);
    const probe = (await compose(0, job.recipients[0], 4000)).length;
    const chars = Math.round(4000 * (job.kb * 1024) / probe);
    const messages: { to: string; raw: Buffer; stuffed: Uint8Array | null }[] = [];
    for (let i = 0; i < job.count; i++) {
      const to = job.recipients[i % job.recipients.length];
      const raw = await compose(i, to, chars);
      messages.push({ to, raw, stuffed: job.client === "pipelining" ? dotStuffed(raw) : null });
    }
    const bytes = messages.reduce((n, m) => n + m.raw.length, 0) / messages.length;
    // Composed and signed: tell the main thread (it reads the CPU counters) and wait for its go.
    await new Promise<void>((resolve) => {
      go = resolve;
      (self as unknown as Worker).postMessage("ready");
    });
    let next = 0;
    const latencies: number[] = [];
    let failures = 0;
    let firstFailure = "";
    const t0 = performance.now();
    const record = (s: number, err: string | null) => {
      latencies.push(performance.now() - s);
      if (err) {
        failures++;
        firstFailure ||= err;
      }
    };
    await Promise.all(Array.from({ length: job.senders }, job.client === "pipelining" ? async () => {
      // As an MTA like Postfix sends: MAIL, RCPT and DATA in one write (RFC 2920 PIPELINING), the dot-stuffed
      // message after the 354, the next MAIL after the 250 (no RSET: a finished transaction starts anew).
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: job.port });
      const replies = replyReader(conn);
      await replies.next();
      await conn.write(new TextEncoder().encode("EHLO mx.bench-sender.test\r\n"));
      if (!(await replies.next()).startsWith("250")) throw new Error("EHLO refused");
      while (next < messages.length) {
        const m = messages[next++];
        const s = performance.now();
        await conn.write(new TextEncoder().encode(`MAIL FROM:<${SENDER}> SIZE=${m.raw.length}\r\nRCPT TO:<${m.to}>\r\nDATA\r\n`));
        const mail = await replies.next(), rcpt = await replies.next(), data = await replies.next();
        if (!data.startsWith("354")) {
          record(s, `${mail} / ${rcpt} / ${data}`);
          continue;
        }
        await conn.write(m.stuffed!);
        const done = await replies.next();
        record(s, done.startsWith("250") ? null : done);
      }
      await conn.write(new TextEncoder().encode("QUIT\r\n"));
      conn.close();
    } : async () => {
      const conn = new SMTPConnection({ host: "127.0.0.1", port: job.port, name: "mx.bench-sender.test", ignoreTLS: true });
      await new Promise<void>((ok, fail) => {
        conn.once("error", fail);
        conn.connect(() => ok());
      });
      while (next < messages.length) {
        const m = messages[next++];
        const s = performance.now();
        const err = await new Promise<Error | null>((done) =>
          conn.send({ from: SENDER, to: [m.to] }, m.raw, (err) => done(err ?? null)));
        record(s, err ? err.message : null);
        await new Promise<void>((done) => conn.reset(() => done()));
      }
      conn.quit();
    }));
    const elapsed = performance.now() - t0;
    (self as unknown as Worker).postMessage({ elapsed, latencies, failures, firstFailure, bytes });
  };
} else {
  await main();
}

/** The message as DATA carries it (the POP3 server's dot-stuffing, which wants the last line ended). */
function dotStuffed(raw: Buffer): Uint8Array {
  const ended = raw.length >= 2 && raw[raw.length - 2] === 0x0d && raw[raw.length - 1] === 0x0a;
  return dotStuff(ended ? raw : Buffer.concat([raw, Buffer.from("\r\n")]));
}

/** SMTP replies read from a connection, one whole (possibly multi-line) reply per next(). */
function replyReader(conn: Deno.Conn) {
  const buf = new Uint8Array(16384);
  let pending = "";
  return {
    async next(): Promise<string> {
      for (;;) {
        const lines = pending.split("\r\n");
        const last = lines.findIndex((l) => /^\d{3} /.test(l) || /^\d{3}$/.test(l));
        if (last >= 0 && last < lines.length - 1) {
          pending = lines.slice(last + 1).join("\r\n");
          return lines.slice(0, last + 1).join("\n");
        }
        const n = await conn.read(buf);
        if (n === null) throw new Error("connection closed");
        pending += new TextDecoder().decode(buf.subarray(0, n));
      }
    },
  };
}

async function main() {
  const [count = 2000, senders = 8, kb = 20] = Deno.args.slice(0, 3).map(Number);
  const client: Client = Deno.args[3] === "pipelining" ? "pipelining" : "nodemailer";
  const bench = await openBench("smtp");
  const { database, deps } = bench;

  const domain = "bench-inbound.test";
  const { admin } = await createCompanyWithAdmin(deps, { name: "Bench", domain, admin: { loginId: "bench", name: "Bench", password: "Passw0rd!" } });
  const [adminRow] = await database.db.select().from(users).where(eq(users.username, admin.username));
  const spread = Array.from({ length: 20 }, (_, i) => `user${i}@${domain}`);
  await database.db.insert(users).values(spread.map((username) => ({
    companyId: adminRow.companyId, username, accountName: username, displayName: username,
    totalQuota: 100 * 1024 ** 3, passwordHash: adminRow.passwordHash,
  })));
  await database.db.update(users).set({ totalQuota: 100 * 1024 ** 3 }).where(eq(users.id, adminRow.id));

  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }) as string;
  const txt: Record<string, string> = {
    "bench-sender.test": "v=spf1 ip4:127.0.0.1 -all",
    "bench._domainkey.bench-sender.test": `v=DKIM1; k=rsa; p=${(publicKey.export({ type: "spki", format: "der" }) as Buffer).toString("base64")}`,
    "_dmarc.bench-sender.test": "v=DMARC1; p=reject",
  };
  const resolver: DnsResolver = (name, rrtype) => {
    const r = rrtype === "TXT" ? txt[name.toLowerCase()] : undefined;
    if (r) return Promise.resolve([[r]]);
    return Promise.reject(Object.assign(new Error(`ENOTFOUND ${name}`), { code: "ENOTFOUND" }));
  };
  // As server/main.ts runs: realtime events (NEW_MAIL) cross instances through PostgreSQL NOTIFY.
  const bridge = await startBridge(deps.realtime, bench.url, database.sql, deps.log);
  const listener = await startSmtpListener(deps, { port: 0, host: "127.0.0.1", resolver, hostname: "mx.bench.test" });

  const worker = new Worker(import.meta.url, { type: "module", name: WORKER_NAME });
  let cpuAtStart: ReturnType<typeof cpu> = { main: 0, all: 0, pg: 0, threads: new Map() };
  const run = (job: Omit<Job, "port" | "privateKey" | "senders" | "kb" | "client">) =>
    new Promise<{ elapsed: number; latencies: number[]; failures: number; firstFailure: string; bytes: number }>((resolve) => {
      worker.onmessage = (e) => {
        if (e.data !== "ready") return resolve(e.data);
        cpuAtStart = cpu();
        worker.postMessage("go");
      };
      worker.postMessage({ ...job, port: listener.port, privateKey: pem, senders, kb, client });
    });
  const stats = (xs: number[]) => {
    const v = [...xs].sort((a, b) => a - b);
    const pct = (p: number) => v[Math.min(v.length - 1, Math.floor((p / 100) * v.length))].toFixed(1);
    return `p50 ${pct(50)} ms, p90 ${pct(90)} ms, p99 ${pct(99)} ms`;
  };
  const load = () => Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
  // CPU seconds (user + system) of this process's main thread (the listener's event loop), of the whole
  // process (the senders' Worker included) and of the PostgreSQL processes started by it (embedded only).
  const ticks = (path: string) => {
    try {
      const f = Deno.readTextFileSync(path).split(") ")[1].split(" ");
      return (Number(f[11]) + Number(f[12])) / 100;
    } catch {
      return 0;
    }
  };
  const pgTicks = () => {
    const parent = new Map<number, number>();
    for (const e of Deno.readDirSync("/proc")) {
      if (!/^\d+$/.test(e.name)) continue;
      try {
        parent.set(Number(e.name), Number(Deno.readTextFileSync(`/proc/${e.name}/stat`).split(") ")[1].split(" ")[1]));
      } catch { /* gone */ }
    }
    const mine = new Set([Deno.pid]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const [pid, ppid] of parent) if (!mine.has(pid) && mine.has(ppid)) mine.add(pid), grew = true;
    }
    mine.delete(Deno.pid);
    return [...mine].reduce((n, pid) => n + ticks(`/proc/${pid}/stat`), 0);
  };
  // Per thread of this process, by name: "worker-N" are the Workers (the senders' first, then the listener's
  // message preparation workers, smtp/prepare-pool.ts), "tokio-runtime-w" the file and DNS operations,
  // "V8 DefaultWorke" V8's compiler and garbage collector helpers.
  const threadTicks = () => {
    const out = new Map<string, number>();
    for (const e of Deno.readDirSync("/proc/self/task")) {
      if (e.name === String(Deno.pid)) continue;
      try {
        const name = Deno.readTextFileSync(`/proc/self/task/${e.name}/comm`).trim().replace(/^(tokio|V8).*/, "$1");
        out.set(name, (out.get(name) ?? 0) + ticks(`/proc/self/task/${e.name}/stat`));
      } catch { /* ended */ }
    }
    return out;
  };
  const cpu = () => ({ main: ticks(`/proc/self/task/${Deno.pid}/stat`), all: ticks("/proc/self/stat"), pg: pgTicks(), threads: threadTicks() });

  // The same fixed work (parse and check one message, on this thread) before and after the runs: this machine's
  // speed drifts by ±25% over minutes (other tenants of its host), which moves every figure below with it.
  const sample = (await nodemailer.createTransport({ streamTransport: true, buffer: true, dkim: { domainName: "bench-sender.test", keySelector: "bench", privateKey: pem } })
    .sendMail({
      from: `Bench <${SENDER}>`, to: admin.username, subject: "stage",
      text: "Lorem ipsum dolor sit amet 한국어 본문. ".repeat(150), html: `<p>${"Lorem ipsum <b>dolor</b> 한국어. ".repeat(150)}</p>`,
    })).message as Buffer;
  const raw = new Uint8Array(sample);
  const speed = async () => {
    const check = () => checkAuthentication({ raw, ip: "127.0.0.1", helo: "mx.bench-sender.test", sender: SENDER, mta: "mx.bench.test", resolver });
    for (let i = 0; i < 50; i++) await Promise.all([parseMessage(raw), check()]);
    const t0 = performance.now();
    for (let i = 0; i < 300; i++) await Promise.all([parseMessage(raw), check()]);
    return `parse + checks of a ${(raw.length / 1024).toFixed(1)} KB message ${((performance.now() - t0) / 300).toFixed(2)} ms (mean of 300, one thread)`;
  };
  console.log(`machine speed before the runs: ${await speed()}`);
  console.log(`${senders} ${client} senders, ${count} messages per run, ~${kb} KB each (multipart text + HTML, DKIM-signed)`);
  await run({ recipients: [admin.username], count: 100, tag: "warm-up" });
  for (const [label, recipients] of [["one recipient", [admin.username]], ["20 recipients", spread]] as const) {
    const g0 = groupStats(database.db);
    const r = await run({ recipients: [...recipients], count, tag: label });
    const c0 = cpuAtStart;
    const c1 = cpu();
    const g1 = groupStats(database.db);
    console.log(`\n${label}: ${(count / (r.elapsed / 1000)).toFixed(0)} messages/s (${count} in ${(r.elapsed / 1000).toFixed(2)} s), ` +
      `avg ${(r.bytes / 1024).toFixed(1)} KB, failures ${r.failures}${r.failures ? ` (${r.firstFailure})` : ""}`);
    console.log(`  per message, send → 250: ${stats(r.latencies)}; load average ${load()}`);
    const per = (x: number) => `${((x * 1000) / count).toFixed(2)} ms/msg`;
    console.log(`  CPU: listener thread ${per(c1.main - c0.main)}, whole process ${per(c1.all - c0.all)} (the senders' ` +
      `SMTP side included), PostgreSQL ${bench.embedded ? per(c1.pg - c0.pg) : "not measured (DATABASE_URL)"}`);
    console.log(`  other threads: ${[...c1.threads].map(([n, t]) => `${n} ${per(t - (c0.threads.get(n) ?? 0))}`).join(", ")}`);
    const groups = g1.groups - g0.groups;
    console.log(`  group commit: ${groups} transactions, ${((g1.messages - g0.messages) / Math.max(groups, 1)).toFixed(1)} messages each on average`);
  }
  worker.terminate();
  await listener.close();
  await bridge.close();

  console.log(`\nmachine speed after the runs: ${await speed()}`);

  // Stage breakdown, one message at a time (no concurrency), on a message like the ones sent.
  const N = 200;
  const time = async (label: string, f: (i: number) => Promise<unknown>) => {
    for (let i = 0; i < 10; i++) await f(i);
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await f(i);
    console.log(`  ${label.padEnd(44)} ${((performance.now() - t0) / N).toFixed(2)} ms`);
  };
  console.log(`\nstages of one ${(raw.length / 1024).toFixed(1)} KB message, sequential, mean of ${N}:`);
  await time("parse (postal-mime + sanitize-html)", () => parseMessage(raw));
  await time("SPF + DKIM + DMARC (mailauth, local DNS)", () =>
    checkAuthentication({ raw, ip: "127.0.0.1", helo: "mx.bench-sender.test", sender: SENDER, mta: "mx.bench.test", resolver }));
  const parsed = await parseMessage(raw);
  await time("blob put (new bytes, file + folder fsync)", (i) => deps.blobs.put(new Uint8Array([...raw, 10, ...new TextEncoder().encode(`x${i}`)])));
  await time("filing transaction (fileMessage, blob known)", () =>
    fileMessage(deps, { companyId: adminRow.companyId, raw, parsed, receivedAt: new Date(), targets: [{ userId: adminRow.id, folder: "INBOX" }] }));

  await bench.close();
  Deno.exit(0);
}
