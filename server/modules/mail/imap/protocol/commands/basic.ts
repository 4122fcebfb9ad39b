// CAPABILITY, NOOP, CHECK, LOGOUT, ID (RFC 2971), ENABLE (RFC 5161: CONDSTORE, QRESYNC), NAMESPACE (RFC 2342).
import type { Args } from "../args.ts";
import type { Session } from "../session.ts";

export async function capability(s: Session, a: Args): Promise<string> {
  a.end();
  await s.send(`CAPABILITY ${s.capabilities()}`);
  return "OK CAPABILITY completed";
}

export function noop(_s: Session, a: Args): Promise<string> {
  a.end();
  return Promise.resolve("OK NOOP completed");
}

export function check(_s: Session, a: Args): Promise<string> {
  a.end();
  return Promise.resolve("OK CHECK completed");
}

export async function logout(s: Session, a: Args): Promise<string> {
  a.end();
  await s.send("BYE Logging out");
  s.state = "logout";
  return "OK LOGOUT completed";
}

export async function id(s: Session, a: Args): Promise<string> {
  a.next("client id"); // a list or NIL: what the client says about itself is not used
  a.end();
  await s.send('ID ("name" "groupware-imap")');
  return "OK ID completed";
}

export async function enable(s: Session, a: Args): Promise<string> {
  const enabled: string[] = [];
  while (!a.done) {
    const cap = a.atom("capability").toUpperCase();
    if ((cap === "CONDSTORE" || cap === "QRESYNC") && !enabled.includes(cap)) {
      s.condstore = true; // QRESYNC implies CONDSTORE (RFC 7162 §3.2.3)
      if (cap === "QRESYNC") s.qresync = true;
      enabled.push(cap);
    }
  }
  await s.send(`ENABLED${enabled.map((c) => " " + c).join("")}`);
  return "OK ENABLE completed";
}

export async function namespace(s: Session, a: Args): Promise<string> {
  a.end();
  await s.send('NAMESPACE (("" "/")) NIL NIL');
  return "OK NAMESPACE completed";
}
