// Mail programs in a real browser: the settings tab (#/mail/config/-1/1/client) turns client access on, picks
// POP3 with its options (all mail, mark read, deleted mail to the trash), sets the mail-program password
// through the dialog (the §5 rule and the confirmation checked in the form), after which a POP3 client
// sign-in with it succeeds; the server box shows the host, the ports with their security and the self-signed
// certificate's fingerprint; a protocol the company switched off cannot be chosen; the password is removed
// after a confirmation. Screens in ko and en; axe on the tab.
import { afterEach, describe, expect, test } from "vitest";
import { ClientAuthError, signInClient } from "../../server/modules/mail/clients/auth.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-settings-clients");
const co = await mailCompany(e, "clients-ui.test");
const A = await co.member("minho");

const tab = `${e.base}/#/mail/config/-1/1/client`;
const config = async () => (await e.t.call("GET", "/api/mail/config", { token: A.token })).body;
const passwordState = async () => (await e.t.call("GET", "/api/mail/config/pop3/password", { token: A.token })).body;
const clientSignIn = (password: string, protocol: "IMAP" | "POP3") =>
  signInClient(e.t.deps, { username: A.username, password, ip: "192.0.2.80", protocol })
    .then(() => "OK", (err) => err instanceof ClientAuthError ? err.reason : String(err));
const { page } = await e.newPage({ width: 1280, height: 1000 });
page.setDefaultTimeout(15_000);
page.on("console", (m) => m.type() === "error" && console.error(`[console] ${m.text()}`));
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(page, `FAILED-${ctx.task.name.slice(0, 20)}`).catch(() => {});
});

describe("mail-program settings", () => {
  test("turn client access on and pick POP3 with its options: each change is saved", async () => {
    await signIn(e, page, "minho", co.domain, USER_PASSWORD);
    await page.goto(tab);
    await page.getByRole("tab", { name: "메일 프로그램", selected: true }).waitFor();
    await page.getByRole("region", { name: "메일 프로그램 서버 설정" }).getByText("localhost", { exact: true }).waitFor();
    await e.shot(page, "off-ko");
    expect((await config()).pop3Flag).toBe(false);

    await page.getByRole("switch", { name: /POP3\/IMAP 사용/ }).click({ force: true });
    await expect.poll(async () => (await config()).pop3Flag).toBe(true);
    await page.getByRole("radio", { name: /^POP3/ }).click({ force: true });
    await expect.poll(async () => (await config()).clientProtocolType).toBe("POP3");
    await page.getByRole("radio", { name: "받은메일함의 모든 메일" }).click({ force: true });
    await expect.poll(async () => (await config()).pop3FetchRange).toBe("ALL");
    await page.getByRole("switch", { name: /가져간 메일을 읽음으로 표시/ }).click({ force: true });
    await expect.poll(async () => (await config()).pop3ReadMark).toBe(true);
    await page.getByRole("switch", { name: /휴지통으로 이동/ }).click({ force: true });
    await expect.poll(async () => (await config()).pop3Del).toBe(true);
    await page.getByRole("switch", { name: /보낸메일함에 저장/ }).click({ force: true });
    await expect.poll(async () => (await config()).saveSentMail).toBe(false);
    expect(await config()).toMatchObject({ pop3Flag: true, clientProtocolType: "POP3", pop3FetchRange: "ALL", pop3ReadMark: true, pop3Del: true });
    await e.shot(page, "pop3-ko");
  });

  test("set the password through the dialog: the rule and the confirmation first; then a POP3 client signs in", async () => {
    await page.getByRole("button", { name: "비밀번호 설정" }).click();
    const dialog = page.getByRole("dialog", { name: "비밀번호 설정" });
    await dialog.getByLabel("새 비밀번호", { exact: true }).fill("abc d1");
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("메일 프로그램 비밀번호는 영문과 숫자를 섞어 5자 이상, 공백 없이 입력하세요.").waitFor();
    await dialog.getByLabel("새 비밀번호", { exact: true }).fill("minho2026");
    await dialog.getByLabel("새 비밀번호 확인").fill("minho2027");
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("두 비밀번호가 같지 않습니다.").waitFor();
    expect((await passwordState()).exists).toBe(false);
    await e.shot(page, "password-dialog-ko");
    await dialog.getByLabel("새 비밀번호 확인").fill("minho2026");
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("mcl-password-state").filter({ hasText: "설정됨" }).waitFor();
    await page.getByText("아직 사용하지 않음").waitFor();
    expect((await passwordState()).exists).toBe(true);

    expect(await clientSignIn(USER_PASSWORD, "POP3")).toBe("INVALID");
    expect(await clientSignIn("minho2026", "IMAP")).toBe("DISABLED"); // the user chose POP3
    expect(await clientSignIn("minho2026", "POP3")).toBe("OK");
    await page.reload();
    await expect.poll(() => page.getByText("아직 사용하지 않음").count()).toBe(0);
  });

  test("the server box: host, user name, ports with their security, the self-signed certificate", async () => {
    const c = e.t.deps.config;
    const box = page.getByRole("region", { name: "메일 프로그램 서버 설정" });
    await box.getByText("localhost", { exact: true }).waitFor();
    await box.getByText(A.username).waitFor();
    await box.getByRole("row", { name: /POP3/ }).getByText(`${c.POP3S_PORT} (SSL/TLS) · ${c.POP3_PORT} (STARTTLS)`).waitFor();
    await box.getByRole("row", { name: /SMTP/ }).getByText(`${c.SUBMISSIONS_PORT} (SSL/TLS) · ${c.SUBMISSION_PORT} (STARTTLS)`).waitFor();
    await box.getByText("자체 서명 인증서", { exact: true }).waitFor();
    const fp = (await e.t.call("GET", "/api/mail/config/pop3/external/setting", { token: A.token })).body.fingerprint as string;
    expect(fp).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    await box.getByText(fp).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await box.scrollIntoViewIfNeeded();
    await e.shot(page, "server-box-ko");
  });

  test("a protocol the company switched off cannot be chosen (English screen)", async () => {
    const r = await e.t.call("PUT", "/api/admin/company/config/mail", { token: co.admin.token, json: { imap: false } });
    expect(r.status).toBe(200);
    await page.evaluate(() => localStorage.setItem("gw.language", "en"));
    await page.reload();
    await page.getByRole("tab", { name: "Mail programs", selected: true }).waitFor();
    await page.getByText("IMAP is turned off by your company.").waitFor();
    expect(await page.getByRole("radio", { name: /^IMAP/ }).isDisabled()).toBe(true);
    await page.getByRole("row", { name: /IMAP/ }).getByText("Turned off by your company").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "imap-off-en");
    await page.getByRole("region", { name: "Server settings for your mail program" }).scrollIntoViewIfNeeded();
    await e.shot(page, "imap-off-server-en");
    await e.t.call("PUT", "/api/admin/company/config/mail", { token: co.admin.token, json: { imap: true } });
  });

  test("remove the password after a confirmation: clients can no longer sign in", async () => {
    await page.getByRole("button", { name: "Remove password" }).click();
    const dialog = page.getByRole("alertdialog").or(page.getByRole("dialog"));
    await dialog.getByText("Mail programs that use it will no longer be able to sign in. Remove it?").waitFor();
    await e.shot(page, "remove-confirm-en");
    await dialog.getByRole("button", { name: "Remove password" }).click();
    await page.getByTestId("mcl-password-state").filter({ hasText: "Not set" }).waitFor();
    expect((await passwordState()).exists).toBe(false);
    expect(await clientSignIn("minho2026", "POP3")).toBe("INVALID");
    await e.shot(page, "removed-en");
  });
});
