// Socket pieces the mail client servers share (IMAP imap/server.ts, POP3 pop3/server.ts, submission
// submission/server.ts): their common options and handle, the client's address and whether it is the machine
// itself (plain sign-in is allowed only from there), listening, a write that waits for the socket to drain,
// and the STARTTLS/STLS switch of a plain socket to TLS.
import net from "node:net";
import tls from "node:tls";

export interface ClientServerOptions {
  /** 0: a free port (tests). */
  port: number;
  host?: string;
  tls: { key: string; cert: string };
  /** true: TLS from the first byte (IMAPS, POP3S, submissions); false: plain with STARTTLS/STLS. */
  implicitTls: boolean;
}

export interface ClientServer {
  port: number;
  /** Stops listening and ends open sessions politely. */
  close(): Promise<void>;
}

/** The client's address, IPv4-mapped IPv6 written as plain IPv4. */
export function clientIp(remoteAddress: string | undefined): string {
  return (remoteAddress ?? "").replace(/^::ffff:/, "");
}

export function isLoopback(ip: string): boolean {
  return ip === "::1" || /^(::ffff:)?127\./.test(ip);
}

/** Listens (port 0: a free one) and answers the port taken; a listen error (EADDRINUSE) is thrown. */
export async function listenTcp(server: net.Server, port: number, host = "0.0.0.0"): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return (server.address() as net.AddressInfo).port;
}

/** Writes; resolves once the socket took the data (after "drain" when its buffer was full) or closed. */
export function writeDrained(socket: net.Socket, data: string | Uint8Array): Promise<void> {
  if (socket.write(data)) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      socket.off("drain", done);
      socket.off("close", done);
      resolve();
    };
    socket.on("drain", done);
    socket.on("close", done);
  });
}

/**
 * STARTTLS/STLS: the plain socket stops being read BEFORE `reply` (the OK) goes out — the client may send its
 * TLS hello right after it, and under Deno a plain-side reader would sometimes eat it and the handshake hang
 * — then it is wrapped in a server-side TLS socket. Callers attach their own listeners to the TLS socket.
 */
export function switchToTls(plain: net.Socket, secureContext: tls.SecureContext, reply?: string): tls.TLSSocket {
  plain.pause();
  plain.removeAllListeners("data");
  if (reply) plain.write(reply);
  return new tls.TLSSocket(plain, { isServer: true, secureContext });
}
