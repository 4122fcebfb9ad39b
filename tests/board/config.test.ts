// The caller's board config and the company's tags (shared/board/config.ts): defaults without a row, saving,
// hidden boards, the company's deletedPostMaxDuration; tags unique per company whatever the case, TAGS_MAX,
// changed or deleted by their creator or a company admin only; another company's tags.
import { beforeAll, describe, expect, test } from "vitest";
import { boardTags } from "../../db/schema/index.ts";
import type { BoardConfig, BoardTag } from "../../shared/board/config.ts";
import { DEFAULT_VIEW_TYPE, POST_PAGE_SIZE, REPLY_PAGE_SIZE, TAGS_MAX } from "../../shared/board/constants.ts";
import { createTestApp } from "../support/test-app.ts";
import { boardApi, type BoardCompany, boardCompany, makeBoard, setBoards } from "./support.ts";

const t = await createTestApp();
const api = boardApi(t);
let A: BoardCompany, B: BoardCompany;

beforeAll(async () => {
  A = await boardCompany(t, "board-config-a.test");
  B = await boardCompany(t, "board-config-b.test");
});

const config = (who: { token: string }) => api.ok<BoardConfig>(200, "GET", "config", who);

describe("config", () => {
  test("defaults without a row; a save keeps what it does not name; each person has their own", async () => {
    expect(await config(A.dev)).toEqual({
      tags: [], postPageSize: POST_PAGE_SIZE, replyPageSize: REPLY_PAGE_SIZE, viewType: DEFAULT_VIEW_TYPE, hiddenBoards: [], digest: false,
      deletedPostMaxDuration: 7,
    } satisfies BoardConfig);
    const saved = await api.ok<BoardConfig>(200, "PUT", "config", A.dev, { postPageSize: 20, viewType: "LIST" });
    expect(saved).toMatchObject({ postPageSize: 20, replyPageSize: REPLY_PAGE_SIZE, viewType: "LIST", digest: false });
    expect(await api.ok<BoardConfig>(200, "PUT", "config", A.dev, { digest: true, replyPageSize: 30 }))
      .toMatchObject({ postPageSize: 20, replyPageSize: 30, viewType: "LIST", digest: true });
    expect(await config(A.dev)).toMatchObject({ postPageSize: 20, replyPageSize: 30, viewType: "LIST", digest: true });
    expect(await config(A.sales)).toMatchObject({ postPageSize: POST_PAGE_SIZE, viewType: DEFAULT_VIEW_TYPE, digest: false });
  });

  test("bad values answer 400 common.validation", async () => {
    for (const json of [{ postPageSize: 4 }, { postPageSize: 51 }, { replyPageSize: "ten" }, { viewType: "GRID" }, { digest: "yes" }]) {
      await api.fails(400, "common.validation", "PUT", "config", A.dev, json);
    }
  });

  test("hidden boards and the company's deletedPostMaxDuration", async () => {
    const b = await makeBoard(t, A.manager, { name: "설정 숨김" });
    await api.ok(200, "PUT", `${b.id}/hide`, A.sales);
    expect((await config(A.sales)).hiddenBoards).toEqual([{ id: b.id, groupId: null, name: "설정 숨김" }]);
    expect((await config(A.dev)).hiddenBoards).toEqual([]);
    const set = await t.call("PUT", "/api/admin/company/config/board", { token: A.admin.token, json: { deletedPostMaxDuration: 30 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await config(A.sales)).deletedPostMaxDuration).toBe(30);
    expect((await config(B.sales)).deletedPostMaxDuration).toBe(7);
  });

  test("boards switched off: 403 board.disabled", async () => {
    const C = await boardCompany(t, "board-config-off.test");
    await setBoards(t, C.admin, false);
    await api.fails(403, "board.disabled", "GET", "config", C.dev);
    await api.fails(403, "board.disabled", "POST", "config/tag", C.dev, { name: "꺼짐", color: "#e03131" });
  });
});

describe("tags", () => {
  test("add (201), list by name with editable per caller, unique whatever the case (409 board.tag_exists)", async () => {
    const red = await api.ok<BoardTag>(201, "POST", "config/tag", A.sales, { name: "  긴급 ", color: "#e03131" });
    expect(red).toEqual({ id: red.id, name: "긴급", color: "#e03131", editable: true });
    const blue = await api.ok<BoardTag>(201, "POST", "config/tag", A.dev, { name: "Review", color: "#1c7ed6" });
    await api.fails(409, "board.tag_exists", "POST", "config/tag", A.dev, { name: "긴급", color: "#1c7ed6" });
    await api.fails(409, "board.tag_exists", "POST", "config/tag", A.sales, { name: "REVIEW", color: "#1c7ed6" });
    expect((await config(A.sales)).tags).toEqual([
      { id: blue.id, name: "Review", color: "#1c7ed6", editable: false },
      { id: red.id, name: "긴급", color: "#e03131", editable: true },
    ]);
    expect((await config(A.admin)).tags.map((x) => x.editable)).toEqual([true, true]);
    // Another company has its own tags, and may use the same names.
    expect((await config(B.sales)).tags).toEqual([]);
    await api.ok(201, "POST", "config/tag", B.sales, { name: "긴급", color: "#e03131" });
  });

  test("update and delete: the creator or a company admin (403 board.8); foreign or missing 404 board.tag_not_found", async () => {
    const tag = await api.ok<BoardTag>(201, "POST", "config/tag", A.manager, { name: "회의", color: "#37b24d" });
    await api.ok(201, "POST", "config/tag", A.manager, { name: "보고", color: "#37b24d" });
    await api.fails(403, "board.8", "PUT", `config/tag/${tag.id}`, A.dev, { name: "내 것", color: "#37b24d" });
    await api.fails(403, "board.8", "DELETE", `config/tag/${tag.id}`, A.dev);
    await api.fails(404, "board.tag_not_found", "PUT", `config/tag/${tag.id}`, B.admin, { name: "남의 것", color: "#37b24d" });
    await api.fails(404, "board.tag_not_found", "DELETE", `config/tag/${tag.id}`, B.admin);
    await api.fails(404, "board.tag_not_found", "DELETE", "config/tag/999999999", A.admin);
    await api.fails(404, "board.tag_not_found", "DELETE", "config/tag/x", A.admin);
    await api.fails(409, "board.tag_exists", "PUT", `config/tag/${tag.id}`, A.manager, { name: "보고", color: "#37b24d" });
    // Its own name in another case is no clash.
    expect(await api.ok<BoardTag>(200, "PUT", `config/tag/${tag.id}`, A.manager, { name: "회의록", color: "#7048e8" }))
      .toEqual({ id: tag.id, name: "회의록", color: "#7048e8", editable: true });
    expect((await api.ok<BoardTag>(200, "PUT", `config/tag/${tag.id}`, A.admin, { name: "회의록", color: "#868e96" })).color).toBe("#868e96");
    await api.ok(200, "DELETE", `config/tag/${tag.id}`, A.admin);
    expect((await config(A.manager)).tags.map((x) => x.name)).not.toContain("회의록");
    await api.fails(404, "board.tag_not_found", "DELETE", `config/tag/${tag.id}`, A.manager);
  });

  test("bad input: a missing or too long name, a colour that is not #rrggbb (400 common.validation)", async () => {
    for (const json of [{ color: "#e03131" }, { name: " ", color: "#e03131" }, { name: "x".repeat(21), color: "#e03131" }, { name: "색", color: "red" }, { name: "색" }]) {
      await api.fails(400, "common.validation", "POST", "config/tag", A.dev, json);
    }
  });

  test("at most TAGS_MAX tags a company (409 board.tags_max)", async () => {
    const C = await boardCompany(t, "board-config-max.test");
    const now = t.clock.now();
    await t.db.db.insert(boardTags).values(
      Array.from({ length: TAGS_MAX - 1 }, (_, i) => ({ companyId: C.co.companyId, name: `태그${i}`, color: "#868e96", createdBy: C.dev.id, createdAt: now })),
    );
    await api.ok(201, "POST", "config/tag", C.dev, { name: "마지막", color: "#868e96" });
    await api.fails(409, "board.tags_max", "POST", "config/tag", C.dev, { name: "하나 더", color: "#868e96" });
    expect((await config(C.dev)).tags).toHaveLength(TAGS_MAX);
  });
});
