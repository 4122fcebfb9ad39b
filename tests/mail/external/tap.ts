// A recording TCP relay for the external account tests: listens on a free loopback port, passes every
// connection through to the real server (dovecot) unchanged, and keeps what clients sent, so a test can say
// which protocol commands a fetch used (e.g. that an IMAP fetch did not list old messages, or that no
// password crossed in plaintext). Nothing is altered on the way.
import { afterAll } from "vitest";
import { connect, createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface Tap {
  port: number;
  /** Everything clients sent since the last clear(), as text (latin1), connections one after another. */
  sent(): string;
  /** The command lines clients sent (CRLF-split), since the last clear(). */
  lines(): string[];
  clear(): void;
}

/**
 * Starts a relay to 127.0.0.1:`targetPort`, dialling from `localAddress` when given (another loopback address
 * makes the server see a connection that is not from itself); closed after the test file.
 */
export async function tapFor(targetPort: number, localAddress?: string): Promise<Tap> {
  let log = "";
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect({ port: targetPort, host: "127.0.0.1", ...(localAddress ? { localAddress } : {}) });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => sockets.delete(s));
    }
    client.on("data", (chunk: Uint8Array) => {
      log += String.fromCharCode(...chunk);
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Uint8Array) => client.write(chunk));
    client.on("end", () => upstream.end());
    upstream.on("end", () => client.end());
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((ok) => server.close(() => ok()));
  });
  return {
    port: (server.address() as AddressInfo).port,
    sent: () => log,
    lines: () => log.split("\r\n").filter(Boolean),
    clear: () => {
      log = "";
    },
  };
}
