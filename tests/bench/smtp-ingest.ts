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
// The senders' Worker (tests/bench/smtp-senders.ts) and the listener's set-up (tests/bench/smtp-suite.ts) are
// shared with tests/bench/smtp-compare.ts (the suite against Postfix + Dovecot).
import { fileMessage } from "../../server/modules/mail/store/deliver.ts";
import { groupStats } from "../../server/modules/mail/store/group-commit.ts";
import { parseMessage } from "../../server/modules/mail/store/parse.ts";
import { checkAuthentication } from "../../server/modules/mail/smtp/auth.ts";
import { type Client, SENDER, SENDER_HELO, startSenders } from "./smtp-senders.ts";
import { startSuite } from "./smtp-suite.ts";

await main();

async function main() {
  const [count = 2000, senders = 8, kb = 20] = Deno.args.slice(0, 3).map(Number);
  const client: Client = Deno.args[3] === "pipelining" ? "pipelining" : "nodemailer";
  const suite = await startSuite("smtp");
  const { bench, admin, spread, pem, resolver } = suite;
  const { database, deps } = bench;

  const worker = await startSenders();
  let cpuAtStart = suite.cpu();
  const run = (job: { recipients: string[]; count: number; tag: string }) =>
    worker.run({ ...job, port: suite.port, privateKey: pem, senders, kb, client }, () => cpuAtStart = suite.cpu());
  const stats = (xs: number[]) => {
    const v = [...xs].sort((a, b) => a - b);
    const pct = (p: number) => v[Math.min(v.length - 1, Math.floor((p / 100) * v.length))].toFixed(1);
    return `p50 ${pct(50)} ms, p90 ${pct(90)} ms, p99 ${pct(99)} ms`;
  };
  const load = () => Deno.loadavg().map((x) => x.toFixed(2)).join(" ");

  // The same fixed work (parse and check one message, on this thread) before and after the runs: this machine's
  // speed drifts by ±25% over minutes (other tenants of its host), which moves every figure below with it.
  const raw = suite.sample;
  console.log(`machine speed before the runs: ${await suite.speed()}`);
  console.log(`${senders} ${client} senders, ${count} messages per run, ~${kb} KB each (multipart text + HTML, DKIM-signed)`);
  await run({ recipients: [admin.username], count: 100, tag: "warm-up" });
  for (const [label, recipients] of [["one recipient", [admin.username]], ["20 recipients", spread]] as const) {
    const g0 = groupStats(database.db);
    const r = await run({ recipients: [...recipients], count, tag: label });
    const c0 = cpuAtStart;
    const c1 = suite.cpu();
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
  await suite.stopListener();

  console.log(`\nmachine speed after the runs: ${await suite.speed()}`);

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
    checkAuthentication({ raw, ip: "127.0.0.1", helo: SENDER_HELO, sender: SENDER, mta: "mx.bench.test", resolver }));
  const parsed = await parseMessage(raw);
  await time("blob put (new bytes, file + folder fsync)", (i) => deps.blobs.put(new Uint8Array([...raw, 10, ...new TextEncoder().encode(`x${i}`)])));
  await time("filing transaction (fileMessage, blob known)", () =>
    fileMessage(deps, { companyId: admin.companyId, raw, parsed, receivedAt: new Date(), targets: [{ userId: admin.id, folder: "INBOX" }] }));

  await bench.close();
  Deno.exit(0);
}
