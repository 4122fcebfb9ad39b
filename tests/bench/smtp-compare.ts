// Inbound SMTP: the suite against Debian's Postfix delivering to Dovecot over LMTP (issue 22; not part of the
// test suite). Run as root, with postfix and dovecot-lmtpd installed:
//   ./node_modules/.bin/deno run -A tests/bench/smtp-compare.ts [messages=3000] [senders=8] [kb=20] [rounds=3]
//     [pipelining|nodemailer] [both|one|20]
// Both receivers run side by side for the whole bench: the suite's listener as tests/bench/smtp-ingest.ts starts
// it (tests/bench/smtp-suite.ts: embedded PostgreSQL or DATABASE_URL, blob store, SPF/DKIM/DMARC against a local
// DNS stand-in, every message sanitised, indexed and committed before its 250) and a private Postfix + Dovecot
// in a temp folder (tests/bench/smtp-postfix.ts, which lists its settings; they are printed too). The SAME
// sender Worker (tests/bench/smtp-senders.ts) sends to both: `senders` connections, `messages` DKIM-signed
// ~`kb` KB messages, the "pipelining" client (as Postfix sends) unless "nodemailer" is given, one RCPT each;
// "one": all to one recipient, "20": spread over 20, "both" (default): both cases in each round.
// Each round runs, per case, suite then Postfix (alternating runs), each after a warm-up of 100 messages of
// its own (for Postfix, until they are in the Maildirs). Measured per run, from the first send:
//   - messages per second to the last 250 (for the suite that is its end to end: filed, fsynced, committed);
//   - for Postfix + Dovecot also to the last message file in the Maildirs (the newest change time of a file in
//     new/, read with find after all arrived; the 250s only mean "queued", fsynced, in Postfix's queue);
//   - CPU per message: the suite's process without the senders' thread, plus PostgreSQL; Postfix's and
//     Dovecot's whole process trees (their live processes' own time and that of the children they reaped);
//     the senders' thread on both sides.
// Then the ratio suite / Postfix end to end per round, and the medians. Before each run: the load average and
// a file-system probe (create, write 4 KB, fsync 20 files: this ext4 without a journal creates files slowly
// for minutes after mass deletions, and Postfix deletes its queue files as it delivers). BENCH_PAUSE=<seconds>
// waits between runs; BENCH_LEAVE_FILES=1 leaves the temp folders (tests/bench/support.ts). At the end both
// servers are stopped (no process of theirs left running) and the folders removed.
import { type Client, cpuSeconds, type RunResult, startSenders } from "./smtp-senders.ts";
import { startPostfixDovecot, SETTINGS } from "./smtp-postfix.ts";
import { startSuite } from "./smtp-suite.ts";

const args = Deno.args;
const [count = 3000, senders = 8, kb = 20, rounds = 3] = args.slice(0, 4).map(Number);
const client: Client = args[4] === "nodemailer" ? "nodemailer" : "pipelining";
const which = args[5] === "one" || args[5] === "20" ? args[5] : "both";
const pause = Number(Deno.env.get("BENCH_PAUSE") ?? 0);
const WARM_UP = 100;

const suite = await startSuite("smtp_compare", { ownsSignals: true });
let mta: Awaited<ReturnType<typeof startPostfixDovecot>>;
try {
  mta = await startPostfixDovecot([suite.admin.username, ...suite.spread]);
} catch (e) {
  await suite.stopListener();
  await suite.bench.close();
  throw e;
}
const sender = await startSenders();
let cleaned: Promise<void> | undefined;
const cleanUp = () =>
  cleaned ??= (async () => {
    // Each step even when one before it failed: no server, process or folder is to be left behind.
    const steps: [string, () => unknown][] = [
      ["senders", () => sender.terminate()],
      ["Postfix and Dovecot", () => mta.close()],
      ["the suite's listener", () => suite.stopListener()],
      ["the suite's database and folder", () => suite.bench.close()],
    ];
    for (const [what, step] of steps) {
      try {
        await step();
      } catch (e) {
        console.error(`stopping ${what}: ${e instanceof Error ? e.message : e}`);
      }
    }
  })();
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  Deno.addSignalListener(sig, () => {
    console.error(`\n${sig}: stopping Postfix, Dovecot and the suite`);
    cleanUp().finally(() => Deno.exit(130));
  });
}

const cases = ([["one recipient", [suite.admin.username]], ["20 recipients", suite.spread]] as const)
  .filter(([label]) => which === "both" || label.startsWith(which === "one" ? "one" : "20"));
const load = () => Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
const rate = (ms: number) => count / (ms / 1000);
const per = (s: number) => ((s * 1000) / count).toFixed(2);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const latency = (r: RunResult) => `send → 250 p50 ${pct(r.latencies, 50).toFixed(1)} / p99 ${pct(r.latencies, 99).toFixed(1)} ms`;
const failed = (r: RunResult) => r.failures ? `, FAILURES ${r.failures} (${r.firstFailure})` : "";

let probes = 0;
/** Create, write 4 KB and fsync 20 new files, then their folder: mean ms per file (the files stay). */
async function fsProbe(): Promise<string> {
  const dir = `${mta.dir}/probe/${probes++}`;
  await Deno.mkdir(dir, { recursive: true });
  const bytes = new Uint8Array(4096).fill(120);
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) {
    const f = await Deno.open(`${dir}/${i}`, { write: true, createNew: true });
    await f.write(bytes);
    await f.sync();
    f.close();
  }
  const d = await Deno.open(dir, { read: true });
  await d.sync();
  d.close();
  return ((performance.now() - t0) / 20).toFixed(2);
}

const job = (recipients: readonly string[], n: number, tag: string, port: number) =>
  ({ port, recipients: [...recipients], count: n, senders, kb, privateKey: suite.pem, tag, client });

type SuiteRun = { rate: number; cpu: number };
type PostfixRun = { rate250: number; rateEnd: number; cpu: number };
const results = new Map<string, { suite: SuiteRun[]; postfix: PostfixRun[] }>(cases.map(([l]) => [l, { suite: [], postfix: [] }]));

async function runSuite(label: string, recipients: readonly string[], round: number): Promise<SuiteRun> {
  await sender.run(job(recipients, WARM_UP, `warm-up suite ${round}`, suite.port));
  if (pause) await new Promise((r) => setTimeout(r, pause * 1000));
  const before = `load ${load()}, fs probe ${await fsProbe()} ms/file`;
  let c0 = suite.cpu(mta.roots()), s0 = 0;
  const r = await sender.run(job(recipients, count, `${label} suite ${round}`, suite.port), () => {
    c0 = suite.cpu(mta.roots());
    s0 = cpuSeconds(`/proc/self/task/${sender.tid()}/stat`);
  });
  const c1 = suite.cpu(mta.roots()), s1 = cpuSeconds(`/proc/self/task/${sender.tid()}/stat`);
  const own = c1.all - c0.all - (s1 - s0), pg = c1.pg - c0.pg;
  console.log(`  suite:    ${rate(r.elapsed).toFixed(0).padStart(5)} msg/s to the last 250 (${(r.elapsed / 1000).toFixed(2)} s)` +
    `${failed(r)}; ${latency(r)}; avg ${(r.bytes / 1024).toFixed(1)} KB`);
  console.log(`            CPU ms/msg: suite ${per(own + pg)} (process without the senders ${per(own)}, PostgreSQL ` +
    `${suite.bench.embedded ? per(pg) : "not measured"}), senders ${per(s1 - s0)}; before the run: ${before}`);
  return { rate: rate(r.elapsed), cpu: own + pg };
}

async function runPostfix(label: string, recipients: readonly string[], round: number): Promise<PostfixRun> {
  const base = await mta.delivered();
  const warm = await sender.run(job(recipients, WARM_UP, `warm-up postfix ${round}`, mta.port));
  if (warm.failures) throw new Error(`Postfix refused warm-up messages: ${warm.firstFailure}`);
  await mta.waitDelivered(base + WARM_UP);
  if (pause) await new Promise((r) => setTimeout(r, pause * 1000));
  const before = `load ${load()}, fs probe ${await fsProbe()} ms/file`;
  const start = await mta.delivered();
  let m0 = mta.cpu(), s0 = 0, c0 = suite.cpu(mta.roots());
  const r = await sender.run(job(recipients, count, `${label} postfix ${round}`, mta.port), () => {
    m0 = mta.cpu();
    c0 = suite.cpu(mta.roots());
    s0 = cpuSeconds(`/proc/self/task/${sender.tid()}/stat`);
  });
  await mta.waitDelivered(start + count - r.failures);
  const m1 = mta.cpu(), c1 = suite.cpu(mta.roots()), s1 = cpuSeconds(`/proc/self/task/${sender.tid()}/stat`);
  const end = await mta.lastArrival() - r.startedAt;
  const pf = m1.postfix - m0.postfix, dc = m1.dovecot - m0.dovecot;
  const idle = c1.all - c0.all - (s1 - s0), pg = c1.pg - c0.pg;
  console.log(`  Postfix:  ${rate(r.elapsed).toFixed(0).padStart(5)} msg/s to the last 250 (${(r.elapsed / 1000).toFixed(2)} s), ` +
    `${rate(end).toFixed(0)} msg/s to the last file in the Maildirs (${(end / 1000).toFixed(2)} s)${failed(r)}; ${latency(r)}`);
  console.log(`            CPU ms/msg: Postfix ${per(pf)} + Dovecot ${per(dc)} = ${per(pf + dc)}, senders ${per(s1 - s0)} ` +
    `(meanwhile this process without the senders ${per(idle)}, PostgreSQL ${per(pg)}); before the run: ${before}`);
  return { rate250: rate(r.elapsed), rateEnd: rate(end), cpu: pf + dc };
}

try {
  console.log(`${senders} ${client} senders, ${count} messages per run (warm-up ${WARM_UP} before each), ~${kb} KB each ` +
    `(multipart text + HTML, DKIM-signed), ${rounds} rounds of alternating runs (suite, then Postfix + Dovecot, per case)` +
    `${pause ? `, ${pause} s pause before each run` : ""}`);
  console.log(`${mta.versions}; private instances in ${mta.dir}`);
  for (const l of SETTINGS) console.log(l);
  console.log(`suite: PostgreSQL ${suite.bench.embedded ? "embedded, fsync on" : "on DATABASE_URL"}, blobs fsynced (file and ` +
    `folder), SPF + DKIM + DMARC checked, HTML sanitised, search lexemes made, committed before the 250`);
  console.log(`machine speed before the runs: ${await suite.speed()}; load ${load()}`);
  for (let round = 1; round <= rounds; round++) {
    for (const [label, recipients] of cases) {
      console.log(`\nround ${round}, ${label}:`);
      const s = await runSuite(label, recipients, round);
      const p = await runPostfix(label, recipients, round);
      results.get(label)!.suite.push(s);
      results.get(label)!.postfix.push(p);
      console.log(`  ratio suite / Postfix + Dovecot end to end: ${(s.rate / p.rateEnd).toFixed(2)} ` +
        `(suite / Postfix to its 250: ${(s.rate / p.rate250).toFixed(2)}; CPU per message suite / Postfix + Dovecot: ` +
        `${(s.cpu / p.cpu).toFixed(1)}x)`);
    }
  }
  console.log(`\nmachine speed after the runs: ${await suite.speed()}; load ${load()}`);
  console.log(`\nmedians of ${rounds} rounds (msg/s):`);
  const all: number[] = [];
  for (const [label, { suite: s, postfix: p }] of results) {
    const ratios = s.map((x, i) => x.rate / p[i].rateEnd);
    all.push(...ratios);
    console.log(`  ${label}: suite ${median(s.map((x) => x.rate)).toFixed(0)}; Postfix + Dovecot ${median(p.map((x) => x.rate250)).toFixed(0)} ` +
      `to the last 250, ${median(p.map((x) => x.rateEnd)).toFixed(0)} to the Maildirs; ratio suite / end to end ` +
      `${median(ratios).toFixed(2)} (per round ${ratios.map((x) => x.toFixed(2)).join(" ")}); CPU ms/msg suite ` +
      `${per(median(s.map((x) => x.cpu)))}, Postfix + Dovecot ${per(median(p.map((x) => x.cpu)))}`);
  }
  if (results.size > 1) console.log(`  all ${all.length} pairs of runs: ratio suite / Postfix + Dovecot end to end, median ${median(all).toFixed(2)}`);
} finally {
  await cleanUp();
}
Deno.exit(0);
