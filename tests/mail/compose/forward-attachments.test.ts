// Forwarding mails with several attachments (GET api/mails/v2/forward): every file attachment of every
// original becomes a 'draft' upload of the forwarder, in the originals' order, byte for byte; inline images
// stay behind. (The parts come out of one parse of each original: store/parse.ts attachmentParts.)
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailUploads } from "../../../db/schema/index.ts";
import { createTestApp } from "../../support/test-app.ts";
import { build, file, type Who } from "../reading/support.ts";
import { twoCompanies, userId } from "./helpers.ts";

const t = await createTestApp();
let S: Awaited<ReturnType<typeof twoCompanies>>;
let bob: Who;

const text = (s: string) => new TextEncoder().encode(s);
const binary = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) % 256);
const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

async function uploadBytes(id: string): Promise<Uint8Array> {
  const [row] = await t.db.db.select().from(mailUploads).where(eq(mailUploads.id, id));
  expect(row).toMatchObject({ uploadType: "draft", userId: bob.userId });
  return await t.deps.blobs.get(row.blobKey);
}

beforeAll(async () => {
  S = await twoCompanies(t);
  bob = { companyId: S.A.companyId, userId: await userId(t, "bob@alpha.test"), username: "bob@alpha.test", token: S.bobToken };
});

describe("forwarding attachments", () => {
  test("every file of each original is carried in order, byte for byte; inline images are not", async () => {
    const first = await file(t, bob, build({
      subject: "Quarter files",
      html: `<p>numbers and our logo <img src="cid:logo@x"></p>`,
      attachments: [
        { filename: "notes.txt", content: text("first notes"), contentType: "text/plain" },
        { filename: "logo.png", content: png, contentType: "image/png", cid: "logo@x" },
        { filename: "data.bin", content: binary, contentType: "application/octet-stream" },
        { filename: "보고서.txt", content: text("분기 보고"), contentType: "text/plain" },
      ],
    }));
    const second = await file(t, bob, build({
      subject: "More files",
      text: "two more",
      attachments: [
        { filename: "a.txt", content: text("alpha"), contentType: "text/plain" },
        { filename: "b.txt", content: text("bravo"), contentType: "text/plain" },
      ],
    }));

    const fw = await t.call("GET", `/api/mails/v2/forward?mailIds[]=${first}&mailIds[]=${second}`, { token: S.bobToken });
    expect(fw.status, JSON.stringify(fw.body)).toBe(200);
    expect(fw.body).toMatchObject({ composeType: "FORWARD", subject: "FW: Quarter files", mailIds: [first, second] });
    const files = fw.body.attachmentFiles as { id: string; name: string; size: number; uploadType: string }[];
    expect(files.map((f) => [f.name, f.size, f.uploadType])).toEqual([
      ["notes.txt", 11, "draft"],
      ["data.bin", 300, "draft"],
      ["보고서.txt", text("분기 보고").length, "draft"],
      ["a.txt", 5, "draft"],
      ["b.txt", 5, "draft"],
    ]);
    expect(fw.body.attachments).toEqual(files.map((f) => f.id));
    const stored = await Promise.all(files.map((f) => uploadBytes(f.id)));
    expect(stored).toEqual([text("first notes"), binary, text("분기 보고"), text("alpha"), text("bravo")]);
  });
});
