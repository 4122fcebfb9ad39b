// What the SMTP benchmarks share (tests/bench/smtp-ingest.ts, tests/bench/smtp-compare.ts): the sending servers,
// run in a Worker (own thread and event loop, as other servers would be other machines), and CPU counters read
// from /proc. This module is both: imported, it gives startSenders() and the counters; loaded as the Worker
// (by startSenders), it composes and sends. The Worker imports only nodemailer and the POP3 dot-stuffing.
//
// A run: `senders` connections to 127.0.0.1:`port`, each sending its share of pre-composed, DKIM-signed
// ~`kb` KB messages (multipart text + HTML) one after another, recipients taken in turn from `recipients`
// (one RCPT per message). The client is either nodemailer's SMTPConnection (MAIL, RCPT, DATA, the message,
// RSET: one round trip each) or, "pipelining", a lean one that sends as Postfix does (MAIL, RCPT and DATA in
// one write, RFC 2920; the message after the 354; no RSET). A message counts when its 250 came back.
import { Buffer } from "node:buffer";
import { generateKeyPairSync } from "node:crypto";
import nodemailer from "nodemailer";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { dotStuff } from "../../server/modules/mail/pop3/wire.ts";

const WORKER_NAME = "smtp-bench-senders";
/** The envelope sender and From of every bench message; its domain signs them (DKIM selector "bench"). */
export const SENDER = "news@bench-sender.test";
export const SENDER_DOMAIN = "bench-sender.test";
export const SENDER_HELO = "mx.bench-sender.test";

export type Client = "nodemailer" | "pipelining";

export interface Job {
  port: number;
  recipients: string[];
  count: number;
  senders: number;
  kb: number;
  /** PKCS#8 PEM of the DKIM key (senderKey()). */
  privateKey: string;
  /** Goes into every subject ("<tag> message <i>"). */
  tag: string;
  client: Client;
}

export interface RunResult {
  /** From the first send to the last 250 (and QUIT) of all connections, ms. */
  elapsed: number;
  /** Wall-clock time of the first send (Date.now() in the Worker), ms since the epoch. */
  startedAt: number;
  /** Per message, send → 250, ms. */
  latencies: number[];
  failures: number;
  firstFailure: string;
  /** Average size of the composed messages, bytes. */
  bytes: number;
}

/** A fresh DKIM key for the sender's domain: the private key (PEM) and the TXT record publishing it. */
export function senderKey(): { pem: string; dkimTxt: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    pem: privateKey.export({ type: "pkcs8", format: "pem" }) as string,
    dkimTxt: `v=DKIM1; k=rsa; p=${(publicKey.export({ type: "spki", format: "der" }) as Buffer).toString("base64")}`,
  };
}

export interface Senders {
  /** Composes and signs the job's messages, calls beforeSend (e.g. to read CPU counters), then sends them. */
  run(job: Job, beforeSend?: () => void): Promise<RunResult>;
  /** The Worker's thread id (/proc/self/task/<tid>): its CPU is the senders' side. */
  tid(): number;
  terminate(): void;
}

/** Starts the senders' Worker (one for all runs). */
export async function startSenders(): Promise<Senders> {
  const worker = new Worker(import.meta.url, { type: "module", name: WORKER_NAME });
  const tid = await new Promise<number>((resolve) => {
    worker.onmessage = (e) => resolve(e.data.tid);
    worker.postMessage("tid");
  });
  return {
    run: (job, beforeSend) =>
      new Promise<RunResult>((resolve) => {
        worker.onmessage = (e) => {
          if (e.data !== "ready") return resolve(e.data);
          beforeSend?.();
          worker.postMessage("go");
        };
        worker.postMessage(job);
      }),
    tid: () => tid,
    terminate: () => worker.terminate(),
  };
}

// ---- CPU counters from /proc ----

/** CPU seconds (user + system) in a /proc/.../stat file; with `children`, those of its reaped children too. */
export function cpuSeconds(path: string, children = false): number {
  try {
    const f = Deno.readTextFileSync(path).split(") ")[1].split(" ");
    const own = Number(f[11]) + Number(f[12]);
    return (children ? own + Number(f[13]) + Number(f[14]) : own) / 100;
  } catch {
    return 0;
  }
}

/** The processes below `root` (not itself), from /proc's parent links. */
export function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const e of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(e.name)) continue;
    try {
      parent.set(Number(e.name), Number(Deno.readTextFileSync(`/proc/${e.name}/stat`).split(") ")[1].split(" ")[1]));
    } catch { /* gone */ }
  }
  const mine = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parent) if (!mine.has(pid) && mine.has(ppid)) mine.add(pid), grew = true;
  }
  mine.delete(root);
  return [...mine];
}

/**
 * CPU seconds of a whole process tree, `root` included: every live process's own time plus that of the children
 * it reaped (cutime/cstime). Sound for servers whose short-lived processes are their master's children (Postfix,
 * Dovecot): a process that exits is reaped by a live member of the tree, and its time moves into that one's
 * children's figures. Taken before and after a run, the difference is the tree's CPU in between.
 */
export function treeCpuSeconds(root: number): number {
  return [root, ...descendants(root)].reduce((n, pid) => n + cpuSeconds(`/proc/${pid}/stat`, true), 0);
}

// ---- the sending servers (Worker) ----

if ((globalThis as { name?: string }).name === WORKER_NAME) {
  let go: () => void = () => {};
  self.onmessage = async (e: MessageEvent<Job | "go" | "tid">) => {
    if (e.data === "go") return go();
    if (e.data === "tid") {
      // Sync file calls run on the calling thread: /proc/thread-self is this Worker's thread.
      const tid = Number(Deno.readLinkSync("/proc/thread-self").split("/").at(-1));
      return (self as unknown as Worker).postMessage({ tid });
    }
    const job = e.data;
    const composer = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      dkim: { domainName: SENDER_DOMAIN, keySelector: "bench", privateKey: job.privateKey },
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
    const startedAt = Date.now();
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
      await conn.write(new TextEncoder().encode(`EHLO ${SENDER_HELO}\r\n`));
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
      const conn = new SMTPConnection({ host: "127.0.0.1", port: job.port, name: SENDER_HELO, ignoreTLS: true });
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
    const result: RunResult = { elapsed, startedAt, latencies, failures, firstFailure, bytes };
    (self as unknown as Worker).postMessage(result);
  };
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
