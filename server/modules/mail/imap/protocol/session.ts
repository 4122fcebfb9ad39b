// One IMAP connection's session: the state machine (not authenticated → authenticated → selected →
// logout), the command loop (read a command, run its handler, report pending mailbox changes where RFC 3501
// allows, answer the tag) and the mapping of refusals to responses: ImapStoreError(code) → NO [code],
// client sign-in refusals → NO [AUTHENTICATIONFAILED] / [UNAVAILABLE] / [CONTACTADMIN], syntax → BAD.
import { Buffer } from "node:buffer";
import type { AppDeps } from "../../../../lib/context.ts";
import { ClientAuthError } from "../../clients/auth.ts";
import { type ClientUser, type ImapStore, ImapStoreError } from "../store/types.ts";
import { Args } from "./args.ts";
import { COMMANDS, type State } from "./commands/index.ts";
import { ParseError, readCommand, tagOfBytes, tokenize } from "./parser.ts";
import { ByteReader, LineTooLong } from "./reader.ts";
import type { SelectedMailbox } from "./selected.ts";

/** A refusal a handler throws: answered `tag NO|BAD text`. */
export class Reply extends Error {
  constructor(readonly status: "NO" | "BAD", readonly text: string) {
    super(text);
  }
}
export const no = (text: string) => new Reply("NO", text);
export const bad = (text: string) => new Reply("BAD", text);

/** What the session needs of its connection (server.ts). */
export interface Connection {
  ip: string;
  /** TLS is on (implicit or after STARTTLS). */
  secure: boolean;
  /** Sign-in without TLS is allowed (loopback). */
  loopback: boolean;
  /** STARTTLS can be offered (a plain port with a certificate). */
  canStartTls: boolean;
  write(data: string | Uint8Array): Promise<void>;
  /** Upgrades the socket: stops reading it, writes `reply` (the OK) in plain, then wraps it in TLS; the reader is fed from the TLS socket afterwards. */
  startTls(reply: string): Promise<void>;
  /** (Re)arms the autologout timer. */
  touch(): void;
  end(): void;
}

export class Session {
  state: State = "notauth";
  user: ClientUser | null = null;
  selected: SelectedMailbox | null = null;
  /** CONDSTORE enabled (ENABLE, SELECT (CONDSTORE), or a command using it). */
  condstore = false;
  /** QRESYNC enabled (ENABLE QRESYNC, RFC 7162 §3.2.3): VANISHED instead of EXPUNGE, UID in every FETCH. */
  qresync = false;
  readonly reader = new ByteReader();

  constructor(
    readonly deps: AppDeps,
    readonly store: ImapStore,
    readonly conn: Connection,
    readonly idlePollMs: number,
  ) {}

  /** Privacy forbids sign-in on this connection now. */
  get loginDisabled(): boolean {
    return !this.conn.secure && !this.conn.loopback;
  }

  capabilities(): string {
    const caps = ["IMAP4rev1", "LITERAL+", "SASL-IR", "ID", "ENABLE", "IDLE", "NAMESPACE", "UNSELECT", "UIDPLUS", "MOVE", "CHILDREN", "SPECIAL-USE", "CONDSTORE", "QRESYNC"];
    if (this.state === "notauth") {
      if (this.conn.canStartTls && !this.conn.secure) caps.push("STARTTLS");
      caps.push(this.loginDisabled ? "LOGINDISABLED" : "AUTH=PLAIN");
    }
    return caps.join(" ");
  }

  send(line: string): Promise<void> {
    return this.conn.write(`* ${line}\r\n`);
  }

  sendBytes(data: string | Uint8Array): Promise<void> {
    return this.conn.write(data);
  }

  /** The signed-in user (handlers of the authenticated states). */
  get me(): ClientUser {
    if (!this.user) throw no("Not signed in");
    return this.user;
  }

  get mailbox(): SelectedMailbox {
    if (!this.selected) throw bad("No mailbox selected");
    return this.selected;
  }

  /** Sends the pending changes of the selected mailbox. */
  async sync(allowExpunge: boolean): Promise<void> {
    if (this.state !== "selected" || !this.selected || !this.user) return;
    const mode = { condstore: this.condstore, qresync: this.qresync };
    for (const line of await this.selected.sync(this.store, this.user, allowExpunge, mode)) await this.send(line);
  }

  /** Runs commands until LOGOUT or the peer leaves. */
  async run(): Promise<void> {
    await this.send(`OK [CAPABILITY ${this.capabilities()}] IMAP4rev1 server ready`);
    while (this.state !== "logout") {
      let raw;
      try {
        raw = await readCommand(this.reader, () => void this.conn.write("+ go ahead\r\n"));
      } catch (e) {
        if (e instanceof LineTooLong || e instanceof ParseError) {
          await this.send("BAD Command line too long");
          break;
        }
        throw e;
      }
      if (raw === null) break;
      this.conn.touch();
      if ("response" in raw) {
        await this.conn.write(`${raw.tag} ${raw.response}\r\n`);
        continue;
      }
      if (!raw.length) continue;
      await this.execute(raw);
    }
    this.conn.end();
  }

  private async execute(raw: Buffer): Promise<void> {
    let tag = tagOfBytes(raw);
    let reply: string;
    try {
      const cmd = tokenize(raw);
      tag = cmd.tag;
      let name = cmd.name;
      const args = new Args(cmd.args);
      const byUid = name === "UID";
      if (byUid) name = "UID " + args.atom("command").toUpperCase();
      const def = COMMANDS[name];
      if (!def) throw bad(`Unknown command ${name}`);
      if (!def.states.includes(this.state)) {
        throw this.state === "notauth" ? no("Sign in first") : bad(`${name} is not allowed now`);
      }
      const text = await def.run(this, args, { tag, name, byUid });
      if (def.sync !== "none") await this.sync(def.sync === "full");
      reply = text;
    } catch (e) {
      reply = this.refusal(e);
    }
    if (reply) await this.conn.write(`${tag} ${reply}\r\n`);
  }

  private refusal(e: unknown): string {
    if (e instanceof Reply) return `${e.status} ${e.text}`;
    if (e instanceof ParseError) return `BAD ${e.message}`;
    if (e instanceof ImapStoreError) return `NO [${e.code}] ${e.message}`;
    if (e instanceof ClientAuthError) return authRefusal(e);
    this.deps.log.error(`imap: ${(e as Error)?.stack ?? e}`);
    return "NO [SERVERBUG] Internal error, try again later";
  }
}

export function authRefusal(e: ClientAuthError): string {
  switch (e.reason) {
    case "THROTTLED":
      return `NO [UNAVAILABLE] Too many failed sign-ins, try again in ${Math.max(1, Math.ceil(e.retryAfterSeconds / 60))} minutes`;
    case "DISABLED":
      return "NO [CONTACTADMIN] IMAP access is off: turn on mail program access (IMAP) in the mail settings";
    default:
      return "NO [AUTHENTICATIONFAILED] Invalid address or mail program password";
  }
}
