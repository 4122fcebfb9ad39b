// Browser tests of mail: a company with mailbox owners, signing in through the login page, and mail filed
// straight into a mailbox (as inbound SMTP files it) so a test starts from a known mailbox.
import type { Page } from "playwright-core";
import { signupCompany } from "../../support/test-app.ts";
import { USER_PASSWORD } from "../../support/admin-api.ts";
import { adminWho, build, type BuildInput, file, folders, member, type Who } from "../../mail/reading/support.ts";
import type { E2E } from "./browser.ts";
import { signInDirect } from "./login-page.ts";

export { build, file, folders, USER_PASSWORD };
export type { BuildInput, Who };

export interface MailCompany {
  domain: string;
  admin: Who;
  /** A new member with an empty mailbox; signs in with USER_PASSWORD. */
  member(loginId: string): Promise<Who>;
}

export async function mailCompany(e: E2E, domain: string, adminName = "김관리"): Promise<MailCompany> {
  const co = await signupCompany(e.t, { domain, name: adminName });
  const admin = await adminWho(e.t, co);
  return { domain, admin, member: (loginId) => member(e.t, { ...co, domain }, loginId) };
}

/**
 * Signs in (support/login-page.ts signInDirect: the password grant, no login page) and waits for the mail
 * screen (the first screen); or, given `to` (an address of the app such as "/leave"), opens that address.
 */
export async function signIn(e: E2E, page: Page, loginId: string, domain: string, password: string, to?: string) {
  await signInDirect(page, e.base, { loginId, domain, password }, to);
  if (!to) await page.waitForURL(/#\/mail\//);
}

/** Files a message into `who`'s inbox (or another system folder) and answers its mail id. */
export function deliver(e: E2E, who: Who, m: BuildInput, folder: "INBOX" | "SENT" | "SPAM" | "DELETED" = "INBOX") {
  return file(e.t, who, build(m), { folder });
}
