// The inline token of a mail read through a shared folder (GET /api/mail-inline/{id}/{position}?token=) is the
// member's, through that folder, and is checked again at every fetch: once the owner removes the share, removes
// the member or moves the mail out of the folder, the token answers exactly like a missing mail (404
// mail.not_found), whoever holds it; the owner's own token of the same mail keeps working.
import { beforeAll, describe, expect, test } from "vitest";
import { INLINE_TOKEN_SECONDS, type MailView } from "../../../shared/mail/reading.ts";
import { inlineUrl, signInlineToken } from "../../../server/modules/mail/reading/content.ts";
import { createTestApp } from "../../support/test-app.ts";
import { api, who, type World, world } from "../shared/support.ts";
import { build, file, privateFolder } from "./support.ts";

const t = await createTestApp();
const { get, call, share, unshare } = api(t);
let W: World;
let pics: number, kept: number, mailId: number;

// A 1×1 PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

interface Fetched {
  status: number;
  json: unknown;
  bytes: Uint8Array | null;
}

/** Fetches a URL as the reader frame does (no bearer), or with a bearer as a signed-in browser would. */
async function fetchUrl(url: string, bearer?: string): Promise<Fetched> {
  const r = await t.app.request(url, bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {});
  const type = r.headers.get("content-type") ?? "";
  if (type.includes("application/json")) return { status: r.status, json: await r.json(), bytes: null };
  return { status: r.status, json: null, bytes: new Uint8Array(await r.arrayBuffer()) };
}

/** The URL of the inline logo in a view answer; the HTML points at the same URL. */
function logoUrl(view: MailView): string {
  const logo = view.attachList.find((a) => a.contentId === "logo@x");
  expect(logo?.inline).toBe(true);
  expect(view.content).toContain(`src="${logo!.url}"`);
  return logo!.url;
}

async function memberView(m: World["bob"]): Promise<MailView> {
  const r = await get(m, `/api/share/mails/view/${mailId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function ownView(): Promise<MailView> {
  const r = await get(W.alice, `/api/mails/view/${mailId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** What the inline endpoint answers for a mail id that does not exist. */
async function missingAnswer(token: string): Promise<Fetched> {
  const missing = await fetchUrl(inlineUrl(999_999_999, 0, token));
  expect(missing).toEqual({ status: 404, json: { code: "mail.not_found", message: expect.any(String) }, bytes: null });
  return missing;
}

async function expectImage(url: string, bearer?: string) {
  const r = await fetchUrl(url, bearer);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.bytes).toEqual(PNG);
}

beforeAll(async () => {
  W = await world(t, "inline-share.test");
  const alice = who(W.A, W.alice);
  pics = await privateFolder(t, alice, "Pictures");
  kept = await privateFolder(t, alice, "Kept");
  mailId = await file(t, alice, build({
    subject: "with a logo",
    html: `<p>Our logo: <img src="cid:logo@x"></p>`,
    attachments: [{ filename: "logo.png", content: PNG, contentType: "image/png", cid: "logo@x" }],
  }), { folder: pics });
});

describe("a shared mail's inline token", () => {
  test("loads the image while shared; after the owner removes the share it answers like a missing mail, for anyone", async () => {
    await share(W.alice, pics, [{ memberType: "USER", memberId: W.bob.id, permission: 2 }]);
    const bobView = await memberView(W.bob);
    const bobUrl = logoUrl(bobView);
    await expectImage(bobUrl);
    const ownUrl = logoUrl(await ownView());
    await expectImage(ownUrl);
    expect(ownUrl).not.toBe(bobUrl);
    const missing = await missingAnswer(bobView.inlineToken);

    // A well-signed token naming someone the folder is not shared with opens nothing.
    const erinToken = await signInlineToken(t.deps.secrets.tokenKey, { userId: W.erin.id, sharedFolderId: pics }, mailId, t.clock.now());
    expect(await fetchUrl(inlineUrl(mailId, 0, erinToken))).toEqual(missing);
    // Nor does bob's token altered to name another folder or turned into an own-mail token.
    expect(await fetchUrl(bobUrl.replace(`.s${pics}.`, `.s${kept}.`))).toEqual(missing);
    expect(await fetchUrl(bobUrl.replace(`.s${pics}.`, "."))).toEqual(missing);

    await unshare(W.alice, pics);
    expect((await get(W.bob, `/api/share/mails/view/${mailId}`)).status).toBe(404);
    // The same URL, well within the token's two hours, now answers exactly as a missing mail does.
    expect(await fetchUrl(bobUrl)).toEqual(missing);
    expect(await fetchUrl(bobUrl, W.bob.token)).toEqual(missing);
    // A third user with the copied URL, signed in or not, gets the same.
    expect(await fetchUrl(bobUrl, W.erin.token)).toEqual(missing);
    expect(await fetchUrl(bobUrl, W.mallory.token)).toEqual(missing);
    // The owner's own token of the same mail still works.
    await expectImage(ownUrl);
    await expectImage(ownUrl, W.alice.token);
  });

  test("removing one member ends that member's token only; moving the mail out of the folder ends the rest", async () => {
    const shareId = await share(W.alice, pics, [
      { memberType: "USER", memberId: W.bob.id, permission: 2 },
      { memberType: "ORGANIZATION", memberId: W.team, permission: 3 },
    ]);
    const bobUrl = logoUrl(await memberView(W.bob));
    const carolView = await memberView(W.carol);
    const carolUrl = logoUrl(carolView);
    await expectImage(bobUrl);
    await expectImage(carolUrl);
    const missing = await missingAnswer(carolView.inlineToken);

    const removed = await call(W.alice, "PUT", `/api/share/MAIL/${pics}`, {
      shareId,
      deleteList: [{ memberType: "ORGANIZATION", memberId: W.team }],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await fetchUrl(carolUrl)).toEqual(missing);
    await expectImage(bobUrl);

    const moved = await call(W.alice, "PUT", "/api/mails/folderId", { targetFolderId: kept, mailIds: [mailId] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await fetchUrl(bobUrl)).toEqual(missing);
    await expectImage(logoUrl(await ownView()));
  });

  test("a token still expires, and an own-mail token, and an own-mail token stops at a foreign mailbox", async () => {
    const ownUrl = logoUrl(await ownView());
    const missing = await missingAnswer(new URL(ownUrl, "http://x").searchParams.get("token")!);
    // An own-mail token signed for bob names a mail that is not his.
    const bobOwn = await signInlineToken(t.deps.secrets.tokenKey, { userId: W.bob.id, sharedFolderId: null }, mailId, t.clock.now());
    expect(await fetchUrl(inlineUrl(mailId, 0, bobOwn))).toEqual(missing);
    t.clock.advance(INLINE_TOKEN_SECONDS * 1000 + 1000);
    try {
      expect(await fetchUrl(ownUrl)).toEqual(missing);
    } finally {
      t.clock.advance(-(INLINE_TOKEN_SECONDS * 1000 + 1000));
    }
  });
});
