// The private address book in the browser (issue 24): a user adds a card with two e-mails, a phone and a photo
// (the §5 messages first), finds it by its initials ("ㄱㅁ"), by a search and by the ㄱ tab, moves it into a
// group, marks it important, deletes it from the keyboard and restores it from the trash; imports a vCard
// file through the preview and save steps; exports the book as vCard; writes a mail from a card. axe on each
// screen; screenshots under test-results/e2e/contacts-journey/.
import { Buffer } from "node:buffer";
import { describe, expect, test } from "vitest";
import type { ContactCard } from "../../shared/contacts/cards.ts";
import { downloadText, seriousViolations, startE2E } from "./support/browser.ts";
import { apiAs } from "./support/books.ts";
import { deliver, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("contacts-journey");
const co = await mailCompany(e, "contacts-ui.test");
const mina = await co.member("mina");
const call = apiAs(e, mina);
const group = await call("POST", "/api/contact/group", { groupName: "거래처", parentId: 0 }) as { id: number };
for (const [userName, email] of [["이민호", "minho@example.com"], ["박지성", "jisung@example.com"]]) {
  await call("POST", "/api/contact/card", { cardData: { userName, emailList: [email] } });
}
const cardNamed = async (name: string, trash = false) =>
  ((await call("GET", `/api/contact/card?pageSize=200${trash ? "&trash=true" : ""}`)) as { content: ContactCard[] }).content.find((c) => c.userName === name);

// A 2x2 PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

const { page: p } = await e.newPage();
p.setDefaultTimeout(12_000);
const row = (name: string) => p.locator("tr.ct-row", { hasText: name });

describe("the address book", () => {
  test("add a card with two e-mails, a phone and a photo; the §5 messages", async () => {
    await signIn(e, p, "mina", co.domain, USER_PASSWORD);
    await p.getByRole("link", { name: "주소록", exact: true }).first().click();
    await p.waitForURL(/#\/contact\/list\/all\/1$/);
    await row("이민호").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "list");

    await p.getByRole("button", { name: "연락처 추가" }).click();
    const dialog = p.getByRole("dialog", { name: "연락처 추가" });
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("이름을 입력하세요.").waitFor();
    await dialog.getByText("이메일을 입력하세요.").waitFor();
    await dialog.getByRole("textbox", { name: "이름" }).fill("김민수");
    await dialog.getByRole("textbox", { name: "이메일 1" }).fill("minsu@example.com");
    await dialog.getByRole("button", { name: "이메일 추가" }).click();
    await dialog.getByRole("textbox", { name: "이메일 2" }).fill("minsu@");
    await dialog.getByRole("textbox", { name: "전화번호 1" }).fill("010-1234-5678");
    await dialog.getByRole("button", { name: "홈페이지 추가" }).click();
    await dialog.getByRole("textbox", { name: "홈페이지 1" }).fill("not a url");
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("이메일 형식이 올바르지 않습니다.").waitFor();
    await dialog.getByText("홈페이지 주소 형식이 올바르지 않습니다.").waitFor();
    await dialog.getByRole("textbox", { name: "이메일 2" }).fill("minsu.kim@home.example");
    await dialog.getByRole("textbox", { name: "홈페이지 1" }).fill("minsu.example.com");
    await dialog.getByRole("textbox", { name: "회사" }).fill("한빛상사");
    await dialog.getByLabel("사진 선택").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(PNG) });
    await dialog.getByRole("img", { name: "사진" }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "new-card");
    await dialog.getByRole("button", { name: "저장" }).click();
    await p.getByText("연락처를 추가했습니다.").waitFor();
    await dialog.waitFor({ state: "detached" });
    await row("김민수").waitFor();
    const card = (await cardNamed("김민수"))!;
    expect(card.emailList).toEqual(["minsu@example.com", "minsu.kim@home.example"]);
    expect(card.telList).toEqual(["010-1234-5678"]);
    expect(card.company).toBe("한빛상사");
    expect(card.hasPhoto).toBe(true);
    await row("김민수").locator("img.ct-avatar").waitFor();
  });

  test("find it by initials, by a search and by the ㄱ tab", async () => {
    const search = p.getByRole("searchbox", { name: "연락처 검색" });
    await search.fill("김");
    await p.locator(".ct-search").getByRole("button", { name: "검색", exact: true }).click();
    await p.getByText("검색어를 2자 이상 입력하세요.").waitFor();
    await search.fill("ㄱㅁ");
    await p.locator(".ct-search").getByRole("button", { name: "검색", exact: true }).click();
    await p.waitForURL(/#\/contact\/list\/search\/1\//);
    await row("김민수").waitFor();
    await expect.poll(() => row("이민호").count()).toBe(0);
    await e.shot(p, "initials");
    await search.fill("home.example");
    await search.press("Enter");
    await p.getByRole("heading", { name: /'home.example' 검색 결과/ }).waitFor();
    await row("김민수").waitFor();
    await expect.poll(() => p.locator("tr.ct-row").count()).toBe(1);

    await p.getByRole("link", { name: /전체 연락처/ }).click();
    await row("박지성").waitFor();
    await p.getByRole("group", { name: "초성으로 찾기" }).getByRole("button", { name: "ㄱ", exact: true }).click();
    await row("김민수").waitFor();
    await expect.poll(() => row("박지성").count()).toBe(0);
    await expect(p.getByRole("button", { name: "ㄱ", exact: true }).getAttribute("aria-pressed")).resolves.toBe("true");
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "consonant");
    await p.getByRole("button", { name: "전체", exact: true }).click();
    await row("박지성").waitFor();
  });

  test("move it into a group and mark it important", async () => {
    await row("김민수").getByRole("checkbox", { name: "김민수 선택" }).check();
    const bulk = p.getByRole("toolbar", { name: "선택한 연락처 1개 작업" });
    await bulk.getByRole("button", { name: "그룹 이동" }).click();
    const pick = p.getByRole("dialog", { name: "연락처 1개를 옮길 그룹" });
    await pick.getByRole("button", { name: "그룹 이동" }).click();
    await pick.getByText("그룹을 선택하세요.").waitFor();
    await pick.getByRole("radio", { name: "거래처" }).check({ force: true });
    expect(await seriousViolations(p)).toEqual([]);
    await pick.getByRole("button", { name: "그룹 이동" }).click();
    await p.getByText("연락처를 이동했습니다.").waitFor();
    await expect.poll(async () => (await cardNamed("김민수"))!.contactGroupList.map((g) => g.id)).toEqual([group.id]);
    await p.getByRole("link", { name: /거래처/ }).click();
    await p.waitForURL(new RegExp(`#/contact/list/${group.id}/1$`));
    await row("김민수").waitFor();
    await expect.poll(() => p.locator("tr.ct-row").count()).toBe(1);

    await row("김민수").getByRole("button", { name: "김민수 중요 표시" }).click();
    await expect.poll(async () => (await cardNamed("김민수"))!.importantStatus).toBe(true);
    await p.getByRole("link", { name: /중요 연락처/ }).click();
    await row("김민수").waitFor();
    await row("김민수").getByRole("button", { name: "김민수 중요 해제" }).waitFor();
  });

  test("the keyboard: arrows move, Enter opens the card (edited: position, birthday checked), Delete deletes after asking; restore from the trash", async () => {
    await p.getByRole("link", { name: /전체 연락처/ }).click();
    await row("박지성").waitFor();
    await p.locator("tr.ct-row").first().focus();
    const names = await p.locator("tr.ct-row .ct-name").allTextContents();
    const at = names.indexOf("김민수");
    for (let i = 0; i < at; i++) await p.keyboard.press("ArrowDown");
    await expect.poll(() => p.evaluate(() => document.activeElement?.textContent ?? "")).toContain("김민수");
    await p.keyboard.press("Enter");
    const view = p.getByRole("dialog", { name: "김민수" });
    await view.getByText("minsu.kim@home.example").waitFor();
    await view.getByText("한빛상사").waitFor();
    await view.getByRole("heading", { name: "주고받은 메일" }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "card-view");
    await view.getByRole("button", { name: "수정", exact: true }).click();
    const edit = p.getByRole("dialog", { name: "연락처 수정" });
    await edit.getByRole("textbox", { name: "직급" }).fill("팀장");
    await edit.getByRole("textbox", { name: "생일" }).fill("1990-02-30");
    await edit.getByRole("button", { name: "저장" }).click();
    await edit.getByText("생일이 올바르지 않습니다.").waitFor();
    await edit.getByRole("textbox", { name: "생일" }).fill("--05-17");
    await edit.getByRole("button", { name: "저장" }).click();
    await p.getByText("연락처를 수정했습니다.").waitFor();
    await view.getByText("한빛상사 · 팀장").waitFor();
    await view.getByText("--05-17").waitFor();
    const updated = (await cardNamed("김민수"))!;
    expect(updated).toMatchObject({ position: "팀장", birthday: "--05-17", hasPhoto: true });
    expect(updated.emailList).toHaveLength(2);
    await p.keyboard.press("Escape");
    await view.waitFor({ state: "detached" });

    await row("김민수").focus();
    await p.keyboard.press("Delete");
    const ask = p.getByRole("alertdialog").or(p.getByRole("dialog")).filter({ hasText: "'김민수' 연락처를 삭제하시겠습니까?" });
    await ask.waitFor();
    await ask.getByRole("button", { name: "삭제" }).click();
    await p.getByText("연락처를 삭제했습니다.").waitFor();
    await expect.poll(() => row("김민수").count()).toBe(0);
    expect((await cardNamed("김민수", true))?.deletedTimeMillis).toBeGreaterThan(0);

    await p.getByRole("link", { name: "휴지통" }).click();
    await p.getByText("삭제한 연락처는 7일 동안 보관된 뒤 완전히 삭제됩니다.").waitFor();
    await row("김민수").getByRole("checkbox", { name: "김민수 선택" }).check();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "trash");
    await p.getByRole("button", { name: "복원" }).click();
    await p.getByText("연락처를 복원했습니다.").waitFor();
    await expect.poll(() => row("김민수").count()).toBe(0);
    expect((await cardNamed("김민수"))?.deletedTimeMillis).toBeNull();
  });

  test("import a vCard file (preview, then save) and export the book as vCard", async () => {
    await p.getByRole("link", { name: /전체 연락처/ }).click();
    await p.getByRole("button", { name: "가져오기" }).click();
    const dialog = p.getByRole("dialog", { name: "연락처 가져오기" });
    const vcf = [
      "BEGIN:VCARD", "VERSION:3.0", "FN:정다은", "N:정;다은;;;", "EMAIL;TYPE=INTERNET:daeun@example.org", "TEL;TYPE=CELL:010-2222-3333", "END:VCARD",
      "BEGIN:VCARD", "VERSION:3.0", "FN:Alex Park", "N:Park;Alex;;;", "EMAIL:alex@example.org", "ORG:Acme", "END:VCARD", "",
    ].join("\r\n");
    await dialog.getByLabel("파일", { exact: true }).setInputFiles({ name: "phone.vcf", mimeType: "text/vcard", buffer: Buffer.from(vcf) });
    await dialog.getByRole("button", { name: "미리 보기" }).click();
    await dialog.getByText("연락처 2개를 찾았습니다.").waitFor();
    await dialog.getByRole("cell", { name: "정다은" }).waitFor();
    await dialog.getByRole("cell", { name: "alex@example.org" }).waitFor();
    expect(await cardNamed("정다은")).toBeUndefined(); // the preview stores nothing
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "import-preview");
    await dialog.getByRole("button", { name: "2개 저장" }).click();
    await p.getByText("연락처를 가져왔습니다.").waitFor();
    await row("정다은").waitFor();
    await row("Alex Park").waitFor();
    expect((await cardNamed("정다은"))!.telList).toEqual(["010-2222-3333"]);

    await p.getByRole("button", { name: "내보내기" }).click();
    const ex = p.getByRole("dialog", { name: "연락처 내보내기" });
    await ex.getByRole("radio", { name: /vCard 3.0/ }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    const [download] = await Promise.all([p.waitForEvent("download"), ex.getByRole("button", { name: "내려받기" }).click()]);
    const text = await downloadText(download);
    expect(text.match(/BEGIN:VCARD/g)?.length).toBe(5);
    for (const name of ["김민수", "정다은", "Alex Park", "이민호", "박지성"]) expect(text).toContain(name);
    expect(download.suggestedFilename()).toMatch(/\.vcf$/);
  });

  test("a card's mail history opens the mail; write mail from a card: the composer opens with its address", async () => {
    const mailId = await deliver(e, mina, { from: "이민호 <minho@example.com>", to: mina.username, subject: "견적서 보내드립니다", text: "첨부를 확인해 주세요." });
    await row("이민호").click();
    const view = p.getByRole("dialog", { name: "이민호" });
    await view.getByRole("button", { name: /견적서 보내드립니다/ }).click();
    await p.waitForURL(new RegExp(`#/mail/view/\\d+/1/.*${mailId}`));
    await p.getByText("견적서 보내드립니다").first().waitFor();
    await e.shot(p, "history-mail");
    await p.goto(`${e.base}/#/contact/list/all/1`);
    await row("이민호").click();
    await view.getByRole("button", { name: "메일 쓰기", exact: true }).click();
    await p.waitForURL(/#\/mail\/write\//);
    await p.getByText("minho@example.com").first().waitFor();
    await e.shot(p, "compose");
  });
});
