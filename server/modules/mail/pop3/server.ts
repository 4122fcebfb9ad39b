// The POP3 server for desktop and phone mail clients (RFC 1939 with CAPA, UIDL, TOP, USER, RESP-CODES,
// AUTH-RESP-CODE, PIPELINING of RFC 2449, AUTH PLAIN of RFC 5034, STLS of RFC 2595). One node:net listener;
// implicitTls (POP3S) wraps every connection in TLS at once, otherwise STLS upgrades it on request. The
// protocol itself is session.ts, the maildrop maildrop.ts, the wire forms wire.ts.
//
// Limits: connections served at once (more get -ERR [SYS/TEMP] and are closed), an idle timeout of 10 minutes
// (RFC 1939 §3: at least 10) that closes without the UPDATE state, a command line length (bytes past it close
// the connection), a TLS handshake deadline. Commands are read and answered strictly in order, so pipelined
// commands work. The maildrop lock (one session per user, [IN-USE]) is in the database (maildrop-lock.ts), so it
// holds across instances; closing the server waits until its sessions' locks are released.
import net from "node:net";
import tls from "node:tls";
import { Buffer } from "node:buffer";
import type { AppDeps } from "../../../lib/context.ts";
import { type ClientServer, type ClientServerOptions, clientIp, isLoopback, listenTcp, switchToTls, writeDrained } from "../clients/net.ts";
import { Pop3Session, type SessionContext } from "./session.ts";

export interface Pop3ServerOptions extends ClientServerOptions {
  /** Connections served at once (default 200). */
  maxConnections?: number;
  /** Idle time before a connection is closed (default 10 minutes). */
  idleTimeoutMs?: number;
}

export type Pop3Server = ClientServer;

/** Longest command line taken (RFC 2449 allows 255 octets; AUTH PLAIN answers may be a bit longer). */
const MAX_LINE = 2048;
const IDLE_MS = 10 * 60_000;
const HANDSHAKE_MS = 30_000;
const CLOSE_GRACE_MS = 5_000;

export async function startPop3Server(deps: AppDeps, opts: Pop3ServerOptions): Promise<Pop3Server> {
  const secureContext = tls.createSecureContext({ key: opts.tls.key, cert: opts.tls.cert });
  const maxConnections = opts.maxConnections ?? 200;
  const idleMs = opts.idleTimeoutMs ?? IDLE_MS;
  const open = new Set<Connection>();
  const label = opts.implicitTls ? "pop3s" : "pop3";

  const server = net.createServer((socket) => {
    socket.on("error", () => {}); // a reset client is not an error of ours
    if (open.size >= maxConnections) {
      socket.end("-ERR [SYS/TEMP] Too many connections; try again later\r\n");
      return;
    }
    const conn = new Connection(deps, socket, { secureContext, implicitTls: opts.implicitTls, idleMs }, () => open.delete(conn));
    open.add(conn);
    conn.start();
  });
  server.on("error", (e) => deps.log.warn(`${label}: ${(e as Error).message}`));
  const port = await listenTcp(server, opts.port, opts.host);
  deps.log.info(`${label} listening on ${opts.host ?? "0.0.0.0"}:${port}`);

  let closing: Promise<void> | null = null;
  return {
    port,
    close: () =>
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...open].map((c) => c.shutdown()));
        await stopped;
      })(),
  };
}

/** One client connection: reads command lines, hands them to the session in order, writes the answers. */
class Connection {
  private socket: net.Socket | tls.TLSSocket;
  private readonly session: Pop3Session;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly queue: string[] = [];
  private running = false;
  private ended = false;
  private readonly gone: Promise<void>;
  private markGone!: () => void;
  private readonly ctx: SessionContext;
  private killTimer: ReturnType<typeof setTimeout> | undefined;
  private finished = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly raw: net.Socket,
    private readonly o: { secureContext: tls.SecureContext; implicitTls: boolean; idleMs: number },
    private readonly onGone: () => void,
  ) {
    this.socket = raw;
    this.gone = new Promise((resolve) => this.markGone = resolve);
    const ip = clientIp(raw.remoteAddress);
    this.ctx = { ip, secure: false, loopback: isLoopback(ip), tlsAvailable: true };
    this.session = new Pop3Session(deps, {
      write: (d) => this.write(d),
      startTls: (reply) => this.upgrade(reply),
      end: () => this.end(),
    }, this.ctx);
  }

  async start() {
    this.raw.once("close", () => this.finish());
    if (this.o.implicitTls) {
      try {
        await this.upgrade();
      } catch {
        return this.raw.destroy();
      }
      this.ctx.secure = true;
    }
    this.listen();
    await this.write("+OK POP3 server ready\r\n");
  }

  private listen() {
    this.socket.setTimeout(this.o.idleMs, () => {
      void this.write("-ERR [SYS/TEMP] Idle too long; closing\r\n").finally(() => this.end());
    });
    this.socket.on("data", (chunk: Buffer) => this.data(chunk));
  }

  private data(chunk: Buffer) {
    if (this.ended) return;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (let eol = this.buffer.indexOf(0x0a); eol >= 0; eol = this.buffer.indexOf(0x0a)) {
      const line = this.buffer.subarray(0, eol).toString("latin1").replace(/\r$/, "");
      this.buffer = this.buffer.subarray(eol + 1);
      if (line.length > MAX_LINE) return this.tooLong();
      this.queue.push(line);
    }
    if (this.buffer.length > MAX_LINE) return this.tooLong();
    void this.run();
  }

  private tooLong() {
    this.queue.length = 0;
    void this.write("-ERR Line too long\r\n").finally(() => this.end());
  }

  /** Runs queued commands one after another. */
  private async run() {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length && !this.ended && !this.session.done) {
        const line = this.queue.shift()!;
        await this.session.handle(line);
      }
    } catch (e) {
      this.deps.log.error("pop3: command failed", e);
      await this.write("-ERR [SYS/TEMP] Internal error\r\n").catch(() => {});
      this.end();
    } finally {
      this.running = false;
    }
  }

  private write(data: string | Buffer): Promise<void> {
    if (this.ended || this.socket.destroyed) return Promise.resolve();
    return writeDrained(this.socket, data);
  }

  /** Wraps the plain socket in TLS. Commands pipelined behind STLS are dropped (RFC 2595 §4). */
  private upgrade(reply?: string): Promise<void> {
    this.queue.length = 0;
    this.buffer = Buffer.alloc(0);
    this.raw.setTimeout(0);
    const secure = switchToTls(this.raw, this.o.secureContext, reply);
    secure.on("error", () => {});
    this.socket = secure;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => secure.destroy(new Error("TLS handshake timeout")), HANDSHAKE_MS);
      const fail = () => {
        clearTimeout(timer);
        this.end();
        reject(new Error("TLS handshake failed"));
      };
      secure.once("close", fail);
      secure.once("secure", () => {
        clearTimeout(timer);
        secure.off("close", fail);
        secure.once("close", () => this.finish());
        if (!this.o.implicitTls) this.listen();
        resolve();
      });
    });
  }

  private end() {
    if (this.ended) return;
    this.ended = true;
    this.socket.end();
    this.killTimer = setTimeout(() => this.socket.destroy(), CLOSE_GRACE_MS);
  }

  private finish() {
    if (this.finished) return;
    this.finished = true;
    this.ended = true;
    clearTimeout(this.killTimer);
    this.onGone();
    void this.session.closed().finally(() => this.markGone());
  }

  /** Server shutdown: a polite -ERR, no UPDATE state (RFC 1939: only QUIT commits deletions). */
  async shutdown() {
    if (!this.ended) await this.write("-ERR [SYS/TEMP] Server shutting down\r\n");
    this.end();
    await this.gone;
  }
}
