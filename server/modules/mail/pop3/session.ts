// One POP3 conversation (RFC 1939) after the greeting: the AUTHORIZATION state (CAPA, USER/PASS, AUTH PLAIN
// of RFC 5034, STLS of RFC 2595, QUIT), the TRANSACTION state (STAT, LIST, UIDL, TOP, RETR, DELE, RSET,
// NOOP, QUIT → UPDATE) with the extended response codes of RFC 2449/3206 ([AUTH], [SYS/TEMP], [IN-USE]).
// The server (server.ts) feeds it one command line at a time, in order (PIPELINING), and does the socket
// work: writes, the TLS upgrade after STLS, closing. Sign-in goes only through signInClient; plaintext
// sign-in before STLS is refused unless the client is on loopback. A line with a NUL is a syntax error (-ERR).
import { Buffer } from "node:buffer";
import type { AppDeps } from "../../../lib/context.ts";
import { ClientAuthError, type ClientUser, signInClient } from "../clients/auth.ts";
import { type DropMessage, Maildrop } from "./maildrop.ts";
import { MaildropLock, MaildropLockLost } from "./maildrop-lock.ts";
import { dotStuff, top } from "./wire.ts";

export interface SessionIo {
  write(data: string | Buffer): Promise<void>;
  /** Writes the STLS +OK, then upgrades the connection to TLS. */
  startTls(reply: string): Promise<void>;
  /** Ends the connection once everything written has gone. */
  end(): void;
}

export interface SessionContext {
  ip: string;
  /** TLS already (implicit TLS or after STLS). */
  secure: boolean;
  /** The client is on a loopback address (plaintext sign-in allowed). */
  loopback: boolean;
  tlsAvailable: boolean;
}

/** Failed sign-ins on one connection before it is closed (the account and address throttles apply too). */
const MAX_AUTH_FAILURES = 3;

const ok = (text: string) => `+OK ${text}\r\n`;
const err = (text: string) => `-ERR ${text}\r\n`;

export class Pop3Session {
  private state: "AUTHORIZATION" | "TRANSACTION" | "DONE" = "AUTHORIZATION";
  private pendingUser: string | null = null;
  private awaitingPlain = false;
  private failures = 0;
  private user: ClientUser | null = null;
  private drop: Maildrop | null = null;
  private lock: MaildropLock | null = null;

  constructor(private readonly deps: AppDeps, private readonly io: SessionIo, private readonly ctx: SessionContext) {}

  get done(): boolean {
    return this.state === "DONE";
  }

  /**
   * The connection is gone (QUIT, drop, timeout, shutdown): no UPDATE without QUIT; the maildrop lock goes
   * (settled when the promise is; a failure is logged, and the lease then ends the lock).
   */
  closed(): Promise<void> {
    const lock = this.lock;
    this.lock = null;
    this.drop = null;
    this.state = "DONE";
    return lock
      ? lock.release().catch((e) => this.deps.log.warn(`pop3: releasing the maildrop lock failed: ${(e as Error).message}`))
      : Promise.resolve();
  }

  async handle(line: string): Promise<void> {
    if (this.state === "DONE") return;
    // No command or argument has a NUL: refused here, so none reaches a sign-in or the database.
    if (line.includes("\u0000")) {
      this.awaitingPlain = false;
      return await this.io.write(err("Syntax error: NUL is not allowed in a command"));
    }
    if (this.awaitingPlain) {
      this.awaitingPlain = false;
      if (line === "*") return await this.io.write(err("AUTH cancelled"));
      return await this.plain(line);
    }
    const [word, ...args] = line.split(" ");
    const cmd = word.toUpperCase();
    if (cmd === "CAPA") return await this.capa();
    if (cmd === "QUIT") return await this.quit();
    if (cmd === "NOOP" && this.state === "TRANSACTION") return await this.io.write(ok(""));
    if (this.state === "AUTHORIZATION") return await this.authorization(cmd, args, line);
    return await this.transaction(cmd, args);
  }

  private get plaintextRefused(): boolean {
    return !this.ctx.secure && !this.ctx.loopback;
  }

  private async capa() {
    const caps = ["TOP", "UIDL", "RESP-CODES", "AUTH-RESP-CODE", "PIPELINING"];
    if (this.state === "AUTHORIZATION") {
      if (!this.plaintextRefused) caps.push("USER", "SASL PLAIN");
      if (!this.ctx.secure && this.ctx.tlsAvailable) caps.push("STLS");
    }
    caps.push("IMPLEMENTATION groupware");
    await this.io.write(`+OK Capability list follows\r\n${caps.join("\r\n")}\r\n.\r\n`);
  }

  private async authorization(cmd: string, args: string[], line: string) {
    if (cmd === "STLS") {
      if (this.ctx.secure) return await this.io.write(err("Already using TLS"));
      if (!this.ctx.tlsAvailable) return await this.io.write(err("TLS is not available"));
      try {
        await this.io.startTls(ok("Begin TLS negotiation"));
      } catch {
        this.state = "DONE"; // the handshake failed: the connection is closed
        return;
      }
      this.ctx.secure = true;
      this.pendingUser = null;
      return;
    }
    if (cmd !== "USER" && cmd !== "PASS" && cmd !== "AUTH") {
      return await this.io.write(err(cmd === "APOP" ? "APOP is not supported; use USER/PASS or AUTH PLAIN" : "Sign in first"));
    }
    if (this.plaintextRefused) {
      this.pendingUser = null;
      return await this.io.write(err("[AUTH] Sign-in needs an encrypted connection: use STLS first"));
    }
    if (cmd === "USER") {
      if (args.length !== 1 || !args[0]) return await this.io.write(err("USER needs the mail address"));
      this.pendingUser = args[0];
      return await this.io.write(ok("Send the mail-program password"));
    }
    if (cmd === "PASS") {
      const user = this.pendingUser;
      this.pendingUser = null;
      if (!user) return await this.io.write(err("USER first"));
      return await this.signIn(user, line.slice(5)); // the password may contain spaces
    }
    // AUTH
    if (!args[0]) return await this.io.write(err("AUTH needs a mechanism: PLAIN"));
    if (args[0].toUpperCase() !== "PLAIN") return await this.io.write(err("Unsupported mechanism: use PLAIN"));
    if (args.length > 2) return await this.io.write(err("AUTH PLAIN takes one argument"));
    if (args[1] === undefined) {
      this.awaitingPlain = true;
      return await this.io.write("+ \r\n");
    }
    return await this.plain(args[1]);
  }

  /** RFC 4616 message: [authzid] NUL authcid NUL passwd, base64 ("=" for an empty one). */
  private async plain(b64: string) {
    const decoded = b64 === "=" ? "" : Buffer.from(b64, "base64").toString("utf8");
    const parts = decoded.split("\0");
    if (parts.length !== 3 || !parts[1] || (parts[0] && parts[0].toLowerCase() !== parts[1].toLowerCase())) {
      return await this.failed(err("[AUTH] Invalid AUTH PLAIN message"));
    }
    return await this.signIn(parts[1], parts[2]);
  }

  private async signIn(username: string, password: string) {
    let user: ClientUser;
    try {
      user = await signInClient(this.deps, { username, password, ip: this.ctx.ip, protocol: "POP3" });
    } catch (e) {
      if (!(e instanceof ClientAuthError)) {
        this.deps.log.error("pop3: sign-in failed", e);
        return await this.io.write(err("[SYS/TEMP] Sign-in is not possible right now; try again later"));
      }
      if (e.reason === "THROTTLED") {
        return await this.failed(err(`[SYS/TEMP] Too many failed sign-ins; try again later (in ${e.retryAfterSeconds} seconds)`));
      }
      if (e.reason === "DISABLED") {
        return await this.io.write(err("[AUTH] POP3 access is off for this account: turn POP3 on in the mail settings (mail programs)"));
      }
      return await this.failed(err("[AUTH] Wrong mail address or mail-program password"));
    }
    let lock: MaildropLock | null;
    try {
      lock = await MaildropLock.take(this.deps, user);
    } catch (e) {
      this.deps.log.error("pop3: taking the maildrop lock failed", e);
      return await this.io.write(err("[SYS/TEMP] The mailbox cannot be opened right now; try again later"));
    }
    if (!lock) {
      return await this.io.write(err("[IN-USE] Another POP3 session has this mailbox open; try again when it ends"));
    }
    try {
      this.drop = await Maildrop.open(this.deps, user);
    } catch (e) {
      await lock.release().catch(() => {}); // else the lease ends it
      this.deps.log.error("pop3: opening the maildrop failed", e);
      return await this.io.write(err("[SYS/TEMP] The mailbox cannot be opened right now; try again later"));
    }
    if (this.done) return await lock.release().catch(() => {}); // the connection went meanwhile
    this.lock = lock;
    this.user = user;
    this.state = "TRANSACTION";
    await this.io.write(ok(`${this.drop.messages.length} messages; maildrop locked and ready`));
  }

  private async failed(reply: string) {
    await this.io.write(reply);
    if (++this.failures >= MAX_AUTH_FAILURES) {
      this.state = "DONE";
      this.io.end();
    }
  }

  private async transaction(cmd: string, args: string[]) {
    const drop = this.drop!;
    const n = args[0] === undefined ? undefined : /^\d{1,9}$/.test(args[0]) ? Number(args[0]) : NaN;
    const needMessage = async () => {
      const m = n === undefined || Number.isNaN(n) ? undefined : drop.get(n);
      if (!m) await this.io.write(err(n !== undefined && drop.messages[n - 1]?.deleted ? "Message is deleted" : "No such message"));
      return m;
    };
    switch (cmd) {
      case "STAT": {
        let total = 0;
        const live = drop.live();
        for (const { m } of live) total += await drop.size(m);
        return await this.io.write(ok(`${live.length} ${total}`));
      }
      case "LIST":
      case "UIDL": {
        const line = async (k: number, m: DropMessage) => `${k} ${cmd === "UIDL" ? m.mailId : await drop.size(m)}`;
        if (n !== undefined) {
          const m = await needMessage();
          if (m) await this.io.write(ok(await line(n, m)));
          return;
        }
        const out: string[] = [];
        for (const { n: k, m } of drop.live()) out.push(await line(k, m));
        return await this.io.write(`+OK ${out.length} messages\r\n${out.map((l) => l + "\r\n").join("")}.\r\n`);
      }
      case "RETR":
      case "TOP": {
        const m = await needMessage();
        if (!m) return;
        const lines = cmd === "TOP" ? (/^\d{1,9}$/.test(args[1] ?? "") ? Number(args[1]) : NaN) : 0;
        if (Number.isNaN(lines)) return await this.io.write(err("TOP needs a message number and a line count"));
        let body: Buffer;
        try {
          body = await drop.content(m);
        } catch (e) {
          this.deps.log.warn(`pop3: message ${m.mailId} unreadable: ${(e as Error).message}`);
          return await this.io.write(err("[SYS/TEMP] The message cannot be read right now"));
        }
        if (cmd === "TOP") body = top(body, lines);
        await this.io.write(ok(cmd === "RETR" ? `${body.length} octets` : "Top of message follows"));
        await this.io.write(dotStuff(body));
        if (cmd === "RETR") {
          await drop.retrieved(m).catch((e) => this.deps.log.error(`pop3: recording the download of ${m.mailId} failed`, e));
        }
        return;
      }
      case "DELE": {
        const m = await needMessage();
        if (!m) return;
        m.deleted = true;
        return await this.io.write(ok(`Message ${n} deleted`));
      }
      case "RSET": {
        for (const m of drop.messages) m.deleted = false;
        return await this.io.write(ok(`${drop.messages.length} messages`));
      }
      default:
        return await this.io.write(err("Unknown command"));
    }
  }

  private async quit() {
    if (this.state === "TRANSACTION" && this.drop && this.lock) {
      try {
        await this.drop.commit(this.lock);
        await this.closed(); // the lock is gone before the client hears +OK, so its next session gets in
        await this.io.write(ok("Signing off"));
      } catch (e) {
        if (e instanceof MaildropLockLost) {
          await this.io.write(err("[IN-USE] This session lost the mailbox lock to another session; no messages were removed"));
        } else {
          this.deps.log.error("pop3: UPDATE failed", e);
          await this.io.write(err("[SYS/TEMP] Some deleted messages were not removed"));
        }
      }
    } else await this.io.write(ok("Signing off"));
    await this.closed();
    this.io.end();
  }
}
