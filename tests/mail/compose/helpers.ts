// Set-up shared by the compose and outbound tests: two companies on this server (alpha.test with a colleague,
// beta.test), multipart uploads, and reading a user's mails straight from the store.
import { and, eq } from "drizzle-orm";
import { mailFolders, mailMessages, mails, users } from "../../../db/schema/index.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";
import { login, signupCompany, type TestApp } from "../../support/test-app.ts";

export async function twoCompanies(t: TestApp) {
  const A = await signupCompany(t, { domain: "alpha.test", name: "Alice Admin" });
  const B = await signupCompany(t, { domain: "beta.test", name: "Bora Beta" });
  await adminApi(t).newUser(A.token, { loginId: "bob", accountName: "Bob Colleague" });
  await adminApi(t).newUser(A.token, { loginId: "carol", accountName: "Carol Colleague" });
  const bob = await login(t, "bob@alpha.test", USER_PASSWORD);
  const carol = await login(t, "carol@alpha.test", USER_PASSWORD);
  return { A, B, bobToken: bob.access_token, carolToken: carol.access_token };
}

/** Signs everyone in again (after the test clock moved past the access tokens' lifetime). */
export async function relogin(t: TestApp, S: Awaited<ReturnType<typeof twoCompanies>>) {
  S.A.token = (await login(t, S.A.username)).access_token;
  S.B.token = (await login(t, S.B.username)).access_token;
  S.bobToken = (await login(t, "bob@alpha.test", USER_PASSWORD)).access_token;
  S.carolToken = (await login(t, "carol@alpha.test", USER_PASSWORD)).access_token;
}

export async function upload(t: TestApp, token: string, name: string, bytes: Uint8Array, uploadType = "normal") {
  const form = new FormData();
  form.append("part", new File([bytes as BlobPart], name, { type: "application/octet-stream" }));
  form.append("uploadType", uploadType);
  const res = await t.app.request("/api/mail/file/upload", { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
}

export async function userId(t: TestApp, username: string): Promise<number> {
  const [u] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return u.id;
}

/** The user's mails in a system folder, newest first, with their stored messages. */
export async function mailsIn(t: TestApp, username: string, folderType: string) {
  const uid = await userId(t, username);
  const rows = await t.db.db.select({ mail: mails, message: mailMessages }).from(mails)
    .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId))
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .where(and(eq(mails.userId, uid), eq(mailFolders.folderType, folderType)));
  return rows.sort((a, b) => b.mail.id - a.mail.id);
}

export async function rawOf(t: TestApp, blobKey: string): Promise<string> {
  return new TextDecoder().decode(await t.deps.blobs.get(blobKey));
}

export function bytes(n: number, fill = 97): Uint8Array {
  return new Uint8Array(n).fill(fill);
}
