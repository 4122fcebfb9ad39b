// The drive's downloads in the browser (issue 25, 001 §7, shared/drive/transfer.ts): a folder as a zip with its
// sub-tree, several selected items as one zip (the names, Korean ones too, read back with Python's zipfile), one
// file as itself (the same bytes), and a PDF's preview in a frame (the frame's answer is application/pdf and its
// document loads). Screenshots under test-results/e2e/drive-download/.
import { Buffer } from "node:buffer";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { Download } from "playwright-core";
import type { DriveItem } from "../../shared/drive/items.ts";
import { downloadBytes, seriousViolations, startE2E } from "./support/browser.ts";
import { driveApiAs, driveCompany, homeOf, putFile } from "./support/drive.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";

/** A one-page PDF with a line of text, its cross-reference table at the right offsets. */
function pdf(text: string): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    (() => {
      const s = `BT /F1 18 Tf 40 100 Td (${text}) Tj ET`;
      return `<< /Length ${s.length} >>\nstream\n${s}\nendstream`;
    })(),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

// Debian's full chromium: the headless shell has no PDF viewer (support/browser.ts).
const e = await startE2E("drive-download", {}, { fullBrowser: true });
const co = await driveCompany(e, "drive-download.test");
const mina = await co.member("mina");
const call = driveApiAs(e, mina);
const home = await homeOf(e, mina);
const project = await call<DriveItem>("POST", "/api/drive/create", { fileName: "프로젝트 자료", parentId: home.id });
const pictures = await call<DriveItem>("POST", "/api/drive/create", { fileName: "그림", parentId: project.id });
await putFile(e, mina, project.id, "계획서.txt", "계획 1단계");
await putFile(e, mina, pictures.id, "도표 1.png", new Uint8Array([137, 80, 78, 71, 1, 2, 3]));
const quoteBytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 251);
await putFile(e, mina, home.id, "견적서.bin", quoteBytes);
const leaflet = pdf("Drive preview");
await putFile(e, mina, home.id, "안내문.pdf", leaflet);

const dir = await mkdtemp(join(tmpdir(), "drive-download-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The names in a downloaded zip, read by Python's zipfile (which also tests every member's CRC). */
async function zipNames(download: Download): Promise<string[]> {
  const file = join(dir, `${crypto.randomUUID()}.zip`);
  await writeFile(file, await downloadBytes(download));
  const out = await new Deno.Command("python3", {
    args: ["-c", "import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(json.dumps(sorted(z.namelist())))", file],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

const { page: p } = await e.newPage();
p.setDefaultTimeout(12_000);
const row = (name: string) => p.locator("tr.dr-row", { hasText: name });
const bulk = p.getByRole("toolbar", { name: "선택한 항목 작업" });

describe("downloads and the PDF preview", () => {
  test("a folder downloads as a zip of its tree; a multi-selection as one zip", async () => {
    await signIn(e, p, "mina", co.domain, USER_PASSWORD, "/drive");
    await row("프로젝트 자료").locator("input[type=checkbox]").click();
    const one = p.waitForEvent("download");
    await bulk.getByRole("button", { name: "다운로드" }).click();
    const folderZip = await one;
    expect(folderZip.suggestedFilename()).toBe("프로젝트 자료.zip");
    expect(await zipNames(folderZip)).toEqual(["프로젝트 자료/", "프로젝트 자료/계획서.txt", "프로젝트 자료/그림/", "프로젝트 자료/그림/도표 1.png"]);

    await row("견적서.bin").locator("input[type=checkbox]").click();
    await bulk.getByText("2개 선택").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "two-selected");
    const two = p.waitForEvent("download");
    await bulk.getByRole("button", { name: "다운로드" }).click();
    const both = await two;
    expect(both.suggestedFilename()).toMatch(/^drive-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(await zipNames(both)).toEqual(["견적서.bin", "프로젝트 자료/", "프로젝트 자료/계획서.txt", "프로젝트 자료/그림/", "프로젝트 자료/그림/도표 1.png"]);
  });

  test("a file downloads as itself with the same bytes", async () => {
    // A click on a row (not on its check box) selects that row alone.
    await row("견적서.bin").locator("td.dr-col-size").click();
    await bulk.getByText("1개 선택").waitFor();
    const one = p.waitForEvent("download");
    await bulk.getByRole("button", { name: "다운로드" }).click();
    const file = await one;
    expect(file.suggestedFilename()).toBe("견적서.bin");
    expect(Buffer.from(await downloadBytes(file)).equals(Buffer.from(quoteBytes))).toBe(true);
  });

  test("a PDF opens in the preview: the frame's answer is application/pdf and it loads", async () => {
    const answered = p.waitForResponse((r) => /\/api\/drive\/\d+\/preview\?ticket=/.test(r.url()));
    await row("안내문.pdf").getByRole("button", { name: "안내문.pdf", exact: true }).click();
    const dialog = p.getByRole("dialog", { name: "안내문.pdf" });
    const res = await answered;
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    // (The frame's own body goes to the browser's PDF viewer; the same address fetched here answers the file.)
    const again = await fetch(res.url());
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(leaflet))).toBe(true);
    const frame = dialog.locator("iframe.dr-preview-pdf");
    await frame.waitFor();
    // The frame holds the preview's document (the browser's PDF viewer), not an error page or a blocked one.
    await expect.poll(async () => (await frame.elementHandle())?.contentFrame().then((f) => f?.url()), { timeout: 5000 })
      .toMatch(/\/api\/drive\/\d+\/preview\?ticket=/);
    await expect.poll(() => frame.evaluate((f: HTMLIFrameElement) => {
      try {
        return f.contentDocument?.contentType ?? "cross";
      } catch {
        return "cross";
      }
    }), { timeout: 5000 }).toBe("application/pdf");
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "pdf-preview");
    const saved = p.waitForEvent("download");
    await dialog.getByRole("button", { name: "다운로드" }).click();
    expect((await saved).suggestedFilename()).toBe("안내문.pdf");
    await dialog.getByRole("button", { name: "닫기", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
  });
});
