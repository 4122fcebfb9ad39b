// The IMAP listener (RFC 3501; port IMAP_PORT with STARTTLS, IMAPS_PORT with implicit TLS): node:net /
// node:tls sockets, one Session each (protocol/session.ts). STARTTLS wraps the plain socket in a
// tls.TLSSocket; sign-in on a plain connection is only allowed from loopback. A connection limit, a 30
// minute autologout (re-armed by every command and by IDLE), and close() ends sessions with "* BYE".
import net from "node:net";
import tls from "node:tls";
import type { AppDeps } from "../../../lib/context.ts";
import { type ClientServer, type ClientServerOptions, clientIp, isLoopback, listenTcp, switchToTls, writeDrained } from "../clients/net.ts";
import { Session } from "./protocol/session.ts";
import { createImapStore } from "./store/index.ts";
import type { ImapStore } from "./store/types.ts";

export interface ImapServerOptions extends ClientServerOptions {
  store?: ImapStore;
  /** How often IDLE looks for changes (ms). */
  idlePollMs?: number;
  maxConnections?: number;
  /** Inactivity before "* BYE Autologout" (ms); RFC 3501 §5.4: at least 30 minutes. */
  autologoutMs?: number;
}

export type ImapServer = ClientServer;

const DEFAULT_MAX_CONNECTIONS = 500;
const AUTOLOGOUT_MS = 30 * 60 * 1000;
/** How long close() waits for sessions to go before cutting them off. */
const CLOSE_GRACE_MS = 3000;

export async function startImapServer(deps: AppDeps, opts: ImapServerOptions): Promise<ImapServer> {
  const store = opts.store ?? createImapStore(deps);
  const secureContext = tls.createSecureContext({ key: opts.tls.key, cert: opts.tls.cert });
  const maxConnections = opts.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const autologoutMs = opts.autologoutMs ?? AUTOLOGOUT_MS;
  const open = new Map<net.Socket, { bye(text: string): void; socket(): net.Socket }>();

  const serve = (socket: net.Socket, implicit: boolean) => {
    if (open.size >= maxConnections) {
      socket.end("* BYE Too many connections, try again later\r\n");
      return;
    }
    const ip = clientIp(socket.remoteAddress);
    let current: net.Socket = socket;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    const attach = (s: net.Socket) => {
      s.on("data", (d: Uint8Array) => session.reader.push(d));
      s.on("end", () => session.reader.end());
      s.on("close", () => session.reader.end());
    };
    const finish = () => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      current.end();
      session.reader.end();
    };
    const session: Session = new Session(deps, store, {
      ip,
      secure: implicit,
      loopback: isLoopback(ip),
      canStartTls: !implicit,
      write(data) {
        if (ended || current.destroyed || !current.writable) return Promise.resolve();
        return writeDrained(current, data);
      },
      startTls(reply) {
        return new Promise<void>((resolve) => {
          socket.removeAllListeners("end");
          socket.removeAllListeners("close");
          const secured = switchToTls(socket, secureContext, reply);
          secured.on("error", (e) => {
            deps.log.debug(`imap tls: ${e.message}`);
            finish();
          });
          current = secured;
          attach(secured);
          secured.once("secure", () => {
            session.conn.secure = true;
            resolve();
          });
          socket.once("close", () => resolve());
        });
      },
      touch() {
        clearTimeout(timer);
        timer = setTimeout(() => {
          void session.send("BYE Autologout; idle for too long").finally(finish);
        }, autologoutMs);
      },
      end: finish,
    }, opts.idlePollMs ?? 1000);
    socket.on("error", (e) => {
      deps.log.debug(`imap socket: ${e.message}`);
      session.reader.end();
    });
    attach(socket);
    open.set(socket, {
      bye(text) {
        void session.send(`BYE ${text}`).finally(finish);
      },
      socket: () => current,
    });
    session.conn.touch();
    session.run()
      .catch((e) => deps.log.warn(`imap session: ${(e as Error).message}`))
      .finally(() => {
        finish();
        open.delete(socket);
      });
  };

  const server = opts.implicitTls
    ? tls.createServer({ key: opts.tls.key, cert: opts.tls.cert }, (s) => serve(s, true))
    : net.createServer((s) => serve(s, false));
  server.on("tlsClientError", (e: Error) => deps.log.debug(`imaps handshake: ${e.message}`));
  server.on("error", (e) => deps.log.warn(`imap: ${(e as Error).message}`));
  const port = await listenTcp(server, opts.port, opts.host);
  deps.log.info(`imap${opts.implicitTls ? "s" : ""} listening on ${opts.host ?? "0.0.0.0"}:${port}`);

  let closing: Promise<void> | null = null;
  return {
    port,
    close: () =>
      closing ??= new Promise<void>((resolve) => {
        const stopped = new Promise<void>((r) => server.close(() => r()));
        for (const s of open.values()) s.bye("Server shutting down");
        const cut = setTimeout(() => {
          for (const s of open.values()) s.socket().destroy();
        }, CLOSE_GRACE_MS);
        void stopped.then(() => {
          clearTimeout(cut);
          resolve();
        });
      }),
  };
}
