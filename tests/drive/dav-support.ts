// Set-up of the drive's WebDAV tests: the app on a loopback port, companies with users who have a
// mail-program password (the DAV sign-in), and raw WebDAV requests.
import type { TestApp } from "../support/test-app.ts";
import { DAV_PASSWORD, serveApp, setClientPassword } from "../dav/support.ts";
import { company, type Member } from "./helpers.ts";

export { DAV_PASSWORD, readMultistatus, run, serveApp } from "../dav/support.ts";

export interface DavMember extends Member {
  companyId: number;
}

/** A company with its admin, who has the DAV password. */
export async function davCompany(t: TestApp, domain: string) {
  const co = await company(t, domain);
  await setClientPassword(t, co.companyId, co.admin.id);
  const admin: DavMember = { ...co.admin, companyId: co.companyId };
  return { co, admin };
}

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

/** A WebDAV client of one user on a served app. */
export function davClient(base: string, username: string, password = DAV_PASSWORD) {
  const auth = `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${username}:${password}`)))}`;
  return async (method: string, path: string, body?: string | Uint8Array, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(base + path, { method, headers: { authorization: auth, ...headers }, body: body as BodyInit | undefined, redirect: "manual" });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };
}

export { serveApp as serve, setClientPassword };
