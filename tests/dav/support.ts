// Set-up of the DAV tests: the app served on a loopback port (clients speak real HTTP to it), users with a
// mail-program password (the DAV sign-in), a raw HTTP caller with Basic auth, and a reader of multistatus
// answers. Also the runners of the outside clients (Python's caldav, vdirsyncer, khal).
import { spawn } from "node:child_process";
import { afterAll } from "vitest";
import { mailClientPasswords } from "../../db/schema/index.ts";
import { hashPassword } from "../../server/lib/passwords.ts";
import { child, clarkOf, NS, parseXml, type XmlElement } from "../../server/dav/xml.ts";
import type { TestApp } from "../support/test-app.ts";

export const DAV_PASSWORD = "dav-app-pw-1";

export interface DavUser {
  id: number;
  username: string;
  token: string;
}

/** Serves the test app on 127.0.0.1:<free port>; answers its base URL (no trailing slash). */
export function serveApp(t: TestApp): string {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) =>
    t.app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }));
  afterAll(() => server.shutdown());
  return `http://127.0.0.1:${server.addr.port}`;
}

/** Gives the user the mail-program password DAV_PASSWORD (stored as the password API would). */
export async function setClientPassword(t: TestApp, companyId: number, userId: number, password = DAV_PASSWORD) {
  const hash = await hashPassword(password);
  await t.db.db.insert(mailClientPasswords).values({ userId, companyId, hash, updatedAt: t.clock.now() })
    .onConflictDoUpdate({ target: mailClientPasswords.userId, set: { hash } });
}

export interface DavAnswer {
  status: number;
  text: string;
  headers: Headers;
}

/** A raw DAV request with Basic auth (null: none). */
export async function dav(
  base: string, auth: { username: string; password?: string } | null, method: string, path: string,
  body?: string, headers: Record<string, string> = {},
): Promise<DavAnswer> {
  const h: Record<string, string> = { ...headers };
  if (auth) h.authorization = `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${auth.username}:${auth.password ?? DAV_PASSWORD}`)))}`;
  if (body !== undefined && !h["content-type"]) h["content-type"] = body.startsWith("BEGIN:") ? "text/calendar; charset=utf-8" : "application/xml; charset=utf-8";
  const res = await fetch(base + path, { method, headers: h, body, redirect: "manual" });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

export interface MsResponse {
  href: string;
  /** The response's own status (a removed member, an unknown href); null when it has propstats. */
  status: number | null;
  /** Found properties (status 200) by Clark name. */
  props: Map<string, XmlElement>;
  /** Clark names of properties answered with another status, and that status. */
  others: Map<string, number>;
}

const statusCode = (e: XmlElement | undefined) => (e ? Number(/HTTP\/1\.1 (\d{3})/.exec(e.text)?.[1] ?? 0) : null);

/** The <response>s of a 207 body, and its sync-token. */
export function readMultistatus(text: string): { responses: MsResponse[]; syncToken: string | null } {
  const root = parseXml(text);
  if (root.ns !== NS.DAV || root.name !== "multistatus") throw new Error(`not a multistatus: ${text}`);
  const responses = root.children.filter((c) => c.ns === NS.DAV && c.name === "response").map((r) => {
    const props = new Map<string, XmlElement>();
    const others = new Map<string, number>();
    for (const ps of r.children.filter((c) => c.name === "propstat")) {
      const code = statusCode(child(ps, NS.DAV, "status"));
      for (const p of child(ps, NS.DAV, "prop")?.children ?? []) {
        if (code === 200) props.set(clarkOf(p), p);
        else others.set(clarkOf(p), code ?? 0);
      }
    }
    return { href: decodeURIComponent(child(r, NS.DAV, "href")!.text.trim()), status: statusCode(child(r, NS.DAV, "status")), props, others };
  });
  return { responses, syncToken: child(root, NS.DAV, "sync-token")?.text.trim() ?? null };
}

/** The text of an <href> inside a property. */
export const hrefIn = (e: XmlElement | undefined) => child(e, NS.DAV, "href")?.text.trim() ?? null;

export const PROPFIND = (props: string) =>
  `<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" xmlns:a="http://apple.com/ns/ical/"><d:prop>${props}</d:prop></d:propfind>`;

/** A one-event calendar object. */
export function vevent(uid: string, summary: string, start: string, end: string, extra = ""): string {
  return [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//DAV test//EN", "BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20261101T000000Z",
    `DTSTART;TZID=Asia/Seoul:${start}`, `DTEND;TZID=Asia/Seoul:${end}`, `SUMMARY:${summary}`, ...(extra ? [extra] : []),
    "END:VEVENT", "END:VCALENDAR", "",
  ].join("\r\n");
}

/** Runs a program; answers stdout (and stderr), throwing on a non-zero exit unless `allowFail`. */
export function run(
  cmd: string, args: string[], opts: { env?: Record<string, string>; input?: string; timeoutMs?: number; allowFail?: boolean } = {},
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { env: { ...Deno.env.toObject(), ...opts.env }, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => p.kill("SIGKILL"), opts.timeoutMs ?? 60_000);
    p.stdout.on("data", (d) => out += d);
    p.stderr.on("data", (d) => err += d);
    p.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    p.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0 && !opts.allowFail) reject(new Error(`${cmd} ${args.join(" ")} exited ${code}:\n${err}\n${out}`));
      else resolve({ code: code ?? -1, out, err });
    });
    p.stdin.end(opts.input ?? "");
  });
}
