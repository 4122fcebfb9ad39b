// The suite's side of the SMTP benchmarks (tests/bench/smtp-ingest.ts, tests/bench/smtp-compare.ts): one listener
// (startSmtpListener, as server/main.ts starts it) on loopback, on DATABASE_URL or an embedded PostgreSQL in a
// temp folder (tests/bench/support.ts), with a blob store in a temp folder (every put synced), realtime events
// through the LISTEN/NOTIFY bridge as server/main.ts runs them. A company on bench-inbound.test with its admin
// and 20 more users (100 GB quota each). DNS is a local stand-in publishing SPF, the DKIM key and DMARC p=reject
// for the bench sender (tests/bench/smtp-senders.ts), so every message is fully verified before its 250.
import { Buffer } from "node:buffer";
import process from "node:process";
import nodemailer from "nodemailer";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { createCompanyWithAdmin } from "../../server/modules/company/service.ts";
import { checkAuthentication, type DnsResolver } from "../../server/modules/mail/smtp/auth.ts";
import { startSmtpListener } from "../../server/modules/mail/smtp/listener.ts";
import { parseMessage } from "../../server/modules/mail/store/parse.ts";
import { startBridge } from "../../server/realtime/bridge.ts";
import { cpuSeconds, descendants, SENDER, SENDER_DOMAIN, SENDER_HELO, senderKey } from "./smtp-senders.ts";
import { type BenchEnv, openBench } from "./support.ts";

export const INBOUND_DOMAIN = "bench-inbound.test";

/** CPU seconds: this process's main thread (the listener's event loop), the whole process, PostgreSQL, per thread. */
export interface SuiteCpu {
  main: number;
  all: number;
  pg: number;
  threads: Map<string, number>;
}

export interface Suite {
  bench: BenchEnv;
  /** The admin's row (the one-recipient runs go to admin.username). */
  admin: typeof users.$inferSelect;
  /** user0..user19@bench-inbound.test. */
  spread: string[];
  /** The DKIM key the sender signs with (PKCS#8 PEM); its public half is in the stand-in DNS. */
  pem: string;
  resolver: DnsResolver;
  port: number;
  /** A message like the bench's (DKIM-signed, ~5 KB text + HTML) for fixed-work timings. */
  sample: Uint8Array;
  /** The fixed piece of work (parse and check one message, on this thread): this host's speed drifts. */
  speed(): Promise<string>;
  /** CPU counters now; the process trees under `others` (servers this process started) are not PostgreSQL's. */
  cpu(others?: number[]): SuiteCpu;
  /** Stops the listener and the bridge (the database stays open for more work; bench.close() ends it). */
  stopListener(): Promise<void>;
}

/**
 * With `ownsSignals`, the caller stops everything itself on SIGINT/SIGTERM/SIGHUP: the embedded PostgreSQL's
 * own signal hooks (which stop the cluster and exit the process, db/embedded.ts) are taken off again, as the
 * server does, so they cannot exit before the caller has stopped what else it started.
 */
export async function startSuite(name = "smtp", opts: { ownsSignals?: boolean } = {}): Promise<Suite> {
  const hooked = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  const before = new Map(hooked.map((s) => [s, new Set(process.listeners(s))]));
  const bench = await openBench(name);
  if (opts.ownsSignals) {
    for (const s of hooked) for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.removeListener(s, l);
  }
  const { database, deps } = bench;

  const domain = INBOUND_DOMAIN;
  const { admin } = await createCompanyWithAdmin(deps, { name: "Bench", domain, admin: { loginId: "bench", name: "Bench", password: "Passw0rd!" } });
  const [adminRow] = await database.db.select().from(users).where(eq(users.username, admin.username));
  const spread = Array.from({ length: 20 }, (_, i) => `user${i}@${domain}`);
  await database.db.insert(users).values(spread.map((username) => ({
    companyId: adminRow.companyId, username, accountName: username, displayName: username,
    totalQuota: 100 * 1024 ** 3, passwordHash: adminRow.passwordHash,
  })));
  await database.db.update(users).set({ totalQuota: 100 * 1024 ** 3 }).where(eq(users.id, adminRow.id));

  const { pem, dkimTxt } = senderKey();
  const txt: Record<string, string> = {
    [SENDER_DOMAIN]: "v=spf1 ip4:127.0.0.1 -all",
    [`bench._domainkey.${SENDER_DOMAIN}`]: dkimTxt,
    [`_dmarc.${SENDER_DOMAIN}`]: "v=DMARC1; p=reject",
  };
  const resolver: DnsResolver = (name, rrtype) => {
    const r = rrtype === "TXT" ? txt[name.toLowerCase()] : undefined;
    if (r) return Promise.resolve([[r]]);
    return Promise.reject(Object.assign(new Error(`ENOTFOUND ${name}`), { code: "ENOTFOUND" }));
  };
  // As server/main.ts runs: realtime events (NEW_MAIL) cross instances through PostgreSQL NOTIFY.
  const bridge = await startBridge(deps.realtime, bench.url, database.sql, deps.log);
  const listener = await startSmtpListener(deps, { port: 0, host: "127.0.0.1", resolver, hostname: "mx.bench.test" });

  // Per thread of this process, by name: "worker-N" are the Workers (the senders' and the listener's message
  // preparation workers, smtp/prepare-pool.ts), "tokio-runtime-w" the file and DNS operations,
  // "V8 DefaultWorke" V8's compiler and garbage collector helpers.
  const threadTicks = () => {
    const out = new Map<string, number>();
    for (const e of Deno.readDirSync("/proc/self/task")) {
      if (e.name === String(Deno.pid)) continue;
      try {
        const name = Deno.readTextFileSync(`/proc/self/task/${e.name}/comm`).trim().replace(/^(tokio|V8).*/, "$1");
        out.set(name, (out.get(name) ?? 0) + cpuSeconds(`/proc/self/task/${e.name}/stat`));
      } catch { /* ended */ }
    }
    return out;
  };
  // The PostgreSQL processes started by this process (embedded only; with DATABASE_URL there are none).
  const pgTicks = (others: number[]) => {
    const not = new Set(others.flatMap((root) => [root, ...descendants(root)]));
    return descendants(Deno.pid).filter((pid) => !not.has(pid)).reduce((n, pid) => n + cpuSeconds(`/proc/${pid}/stat`), 0);
  };

  const sample = new Uint8Array(
    (await nodemailer.createTransport({ streamTransport: true, buffer: true, dkim: { domainName: SENDER_DOMAIN, keySelector: "bench", privateKey: pem } })
      .sendMail({
        from: `Bench <${SENDER}>`, to: admin.username, subject: "stage",
        text: "Lorem ipsum dolor sit amet 한국어 본문. ".repeat(150), html: `<p>${"Lorem ipsum <b>dolor</b> 한국어. ".repeat(150)}</p>`,
      })).message as Buffer,
  );

  return {
    bench,
    admin: adminRow,
    spread,
    pem,
    resolver,
    port: listener.port,
    sample,
    async speed() {
      const check = () => checkAuthentication({ raw: sample, ip: "127.0.0.1", helo: SENDER_HELO, sender: SENDER, mta: "mx.bench.test", resolver });
      for (let i = 0; i < 50; i++) await Promise.all([parseMessage(sample), check()]);
      const t0 = performance.now();
      for (let i = 0; i < 300; i++) await Promise.all([parseMessage(sample), check()]);
      return `parse + checks of a ${(sample.length / 1024).toFixed(1)} KB message ${((performance.now() - t0) / 300).toFixed(2)} ms (mean of 300, one thread)`;
    },
    cpu: (others = []) => ({
      main: cpuSeconds(`/proc/self/task/${Deno.pid}/stat`), all: cpuSeconds("/proc/self/stat"), pg: pgTicks(others), threads: threadTicks(),
    }),
    async stopListener() {
      await listener.close();
      await bridge.close();
    },
  };
}
