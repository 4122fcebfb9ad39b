// Helpers of the STARTTLS tests (inbound listener and submission): the EHLO keywords a server offers on a
// plain connection; one STARTTLS upgrade by nodemailer's SMTPConnection (requireTLS, the test CA, certificate
// checked) with a deadline, answered as "ok", "hang" (nothing within the deadline: the handshake stalled) or
// the error; and a run of such upgrades in a row.
import { connect, type Socket } from "node:net";
import type { Buffer } from "node:buffer";
import SMTPConnection from "nodemailer/lib/smtp-connection";

/** Reads reply lines until the last line of a reply ("250 ..."), with a deadline. */
function replyOf(socket: Socket, buffer: { text: string }): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no complete reply: ${JSON.stringify(buffer.text)}`)), 10_000);
    const check = () => {
      const m = buffer.text.match(/^(?:\d{3}-.*\r\n)*\d{3} .*\r\n/);
      if (m) {
        buffer.text = buffer.text.slice(m[0].length);
        done(null, m[0].trimEnd().split("\r\n"));
      }
    };
    const onData = (d: Buffer) => {
      buffer.text += d.toString("latin1");
      check();
    };
    const done = (e: Error | null, lines?: string[]) => {
      clearTimeout(timer);
      socket.off("data", onData);
      if (e) reject(e);
      else resolve(lines!);
    };
    socket.on("data", onData);
    check();
  });
}

/** The keywords (upper case) of the EHLO reply on a plain connection to `port`; throws when the greeting is not 220. */
export async function ehloFeatures(port: number): Promise<string[]> {
  const socket = connect(port, "127.0.0.1");
  const buffer = { text: "" };
  try {
    const greeting = await replyOf(socket, buffer);
    if (!greeting[0].startsWith("220 ")) throw new Error(`greeting: ${greeting.join(" / ")}`);
    socket.write("EHLO mx.sender.test\r\n");
    return (await replyOf(socket, buffer)).slice(1).map((l) => l.slice(4).split(" ")[0].toUpperCase());
  } finally {
    socket.end("QUIT\r\n");
  }
}

/** The keywords (upper case; AUTH not among them) the server's EHLO lists once on TLS (STARTTLS, test CA). */
export async function tlsEhloFeatures(port: number, ca: string): Promise<string[]> {
  let offered: string[] = [];
  const outcome = await upgradeOnce({
    port,
    ca,
    deadlineMs: 5_000,
    // nodemailer keeps the keywords of the last EHLO reply here, AUTH apart (no public accessor).
    after: (conn) => Promise.resolve(void (offered = [...(conn as unknown as { _supportedExtensions: string[] })._supportedExtensions])),
  });
  if (outcome !== "ok") throw new Error(`STARTTLS: ${outcome}`);
  return offered.map((k) => k.toUpperCase());
}

export type UpgradeOutcome = "ok" | "hang" | `failed: ${string}`;

export interface UpgradeOptions {
  port: number;
  /** PEM certificate the client trusts (the test certificate, CN=localhost). */
  ca: string;
  deadlineMs: number;
  /** After the upgrade (on TLS, EHLO said again), given the attempt's number: e.g. a login; within the deadline too. */
  after?: (conn: SMTPConnection, attempt: number) => Promise<void>;
}

/** Connects, upgrades with STARTTLS (EHLO, STARTTLS, handshake, EHLO), runs `after`, and quits. */
export async function upgradeOnce(opts: UpgradeOptions, attempt = 0): Promise<UpgradeOutcome> {
  const conn = new SMTPConnection({
    host: "127.0.0.1",
    port: opts.port,
    name: "mx.sender.test",
    requireTLS: true,
    tls: { ca: [opts.ca], servername: "localhost" },
    connectionTimeout: opts.deadlineMs * 2,
    greetingTimeout: opts.deadlineMs * 2,
    socketTimeout: opts.deadlineMs * 2,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<UpgradeOutcome>((resolve) => timer = setTimeout(() => resolve("hang"), opts.deadlineMs));
  const upgrade = new Promise<UpgradeOutcome>((resolve) => {
    conn.once("error", (e: Error) => resolve(`failed: ${e.message}`));
    conn.connect(() => {
      const secure = (conn as unknown as { secure: boolean }).secure;
      if (!secure) return resolve("failed: not upgraded");
      (opts.after ? opts.after(conn, attempt) : Promise.resolve()).then(() => resolve("ok"), (e: Error) => resolve(`failed: ${e.message}`));
    });
  });
  try {
    return await Promise.race([upgrade, deadline]);
  } finally {
    clearTimeout(timer);
    conn.quit();
    conn.close();
  }
}

export interface StressResult {
  attempts: number;
  ok: number;
  hangs: number;
  failures: string[];
}

/** `attempts` upgrades one after the other; a hang or failure is counted and the next attempt starts. */
export async function stressUpgrades(attempts: number, opts: UpgradeOptions): Promise<StressResult> {
  const result: StressResult = { attempts, ok: 0, hangs: 0, failures: [] };
  for (let i = 0; i < attempts; i++) {
    const outcome = await upgradeOnce(opts, i);
    if (outcome === "ok") result.ok++;
    else if (outcome === "hang") result.hangs++;
    else result.failures.push(`#${i}: ${outcome}`);
  }
  return result;
}
