// STARTTLS, LOGIN, AUTHENTICATE PLAIN (with an initial response, RFC 4959 SASL-IR, or after a "+ "
// continuation). Sign-in only through signInClient; on a plain non-loopback connection before STARTTLS it is
// refused with NO [PRIVACYREQUIRED] (CAPABILITY says LOGINDISABLED).
import { Buffer } from "node:buffer";
import { signInClient } from "../../../clients/auth.ts";
import { MAX_LINE_BYTES } from "../parser.ts";
import type { Args } from "../args.ts";
import { bad, no, type Session } from "../session.ts";

export async function starttls(s: Session, a: Args, c: { tag: string }): Promise<string> {
  a.end();
  if (s.conn.secure) throw bad("TLS is already on");
  if (!s.conn.canStartTls) throw no("STARTTLS is not available");
  // The answer is written by startTls once the plain socket no longer reads: the client's TLS hello may
  // follow it at once, and the plain side must not eat it (seen in Deno: a handshake hanging now and then).
  s.reader.discard();
  await s.conn.startTls(`${c.tag} OK Begin TLS negotiation now\r\n`);
  return ""; // already answered
}

async function signIn(s: Session, username: string, password: string): Promise<string> {
  if (s.loginDisabled) throw no("[PRIVACYREQUIRED] Use STARTTLS or the IMAPS port before signing in");
  s.user = await signInClient(s.deps, { username, password, ip: s.conn.ip, protocol: "IMAP" });
  s.state = "auth";
  return `OK [CAPABILITY ${s.capabilities()}] Signed in`;
}

export async function login(s: Session, a: Args): Promise<string> {
  const username = a.astring("user name");
  const password = a.astring("password");
  a.end();
  return await signIn(s, username, password);
}

export async function authenticate(s: Session, a: Args): Promise<string> {
  const mech = a.atom("mechanism").toUpperCase();
  let initial = a.done ? null : a.astring("initial response");
  a.end();
  if (mech !== "PLAIN") throw no("Only AUTHENTICATE PLAIN is supported");
  if (s.loginDisabled) throw no("[PRIVACYREQUIRED] Use STARTTLS or the IMAPS port before signing in");
  if (initial === null) {
    await s.sendBytes("+ \r\n");
    const line = await s.reader.readLine(MAX_LINE_BYTES);
    if (line === null) throw bad("Connection closed");
    initial = line.toString("latin1");
  }
  if (initial === "*") throw bad("Authentication cancelled");
  if (initial === "=") initial = "";
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(initial)) throw bad("Invalid base64");
  const parts = Buffer.from(initial, "base64").toString("utf8").split("\0");
  if (parts.length !== 3) throw bad("Invalid PLAIN response");
  const [authzid, authcid, password] = parts;
  if (authzid && authzid.toLowerCase() !== authcid.toLowerCase()) throw no("[AUTHORIZATIONFAILED] Cannot act as another user");
  return await signIn(s, authcid, password);
}
