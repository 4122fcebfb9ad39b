// Boards in backups: their tables are found in the catalogue like every module's (board_files.blob_key is a
// blob column the collector keeps), and a restore brings back the same rows (boards, members, managers, posts,
// tags, reads, reactions, mentions, replies, files, mail filters, the per-board counts the triggers keep, the
// uploaders' used size) and the files' bytes, with the counts still right (triggers stay off while loading).
import { describe, expect, test } from "vitest";
import { join } from "node:path";
import { backupToFile } from "../../server/backup/backup.ts";
import { blobColumns } from "../../server/backup/catalogue.ts";
import { restoreFromFile } from "../../server/backup/restore.ts";
import type { BoardFile } from "../../shared/board/posts.ts";
import { createTestApp } from "../support/test-app.ts";
import { boardApi, boardCompany, makeBoard, makePost } from "../board/support.ts";
import { dumpTables } from "./support.ts";

const source = await createTestApp();
const target = await createTestApp();
const api = boardApi(source);
const PDF = new TextEncoder().encode("%PDF-1.4 주간 보고");
const TABLES = [
  "boards", "board_members", "board_managers", "board_user_states", "board_tags", "board_posts", "board_post_tags",
  "board_post_reads", "board_feelings", "board_replies", "board_mentions", "board_files", "board_mail_filters",
  "board_post_counts", "board_user_configs",
];

describe("boards in backups", () => {
  test("a restore brings back the same rows, counts and file bytes", async () => {
    expect(await blobColumns(source.deps.sql)).toContainEqual({ table: "board_files", column: "blob_key" });
    const A = await boardCompany(source, "board-backup.test");
    const board = await makeBoard(source, A.manager, {
      name: "영업팀 공지", visibility: "PRIVATE", members: { users: [{ userId: A.dev.id, privilege: "READ" }], organs: [{ organId: A.organs.sales, includeChildren: true, privilege: "WRITE" }] },
    });
    await api.ok(200, "PUT", `${board.id}/follow`, A.sales, { follow: true });
    await api.ok(200, "PUT", "config", A.sales, { viewType: "LIST", digest: true });
    const tag = await api.ok<{ id: number }>(201, "POST", "config/tag", A.manager, { name: "긴급", color: "#e03131" });
    const form = new FormData();
    form.append("file", new File([PDF], "보고서.pdf", { type: "application/pdf" }));
    const up = await source.app.request("/api/board/file", { method: "POST", body: form, headers: { authorization: `Bearer ${A.manager.token}` } });
    expect(up.status).toBe(201);
    const file = await up.json() as BoardFile;
    const post = await makePost(source, A.manager, {
      boardId: board.id, title: "필독 공지", isNotice: true, mustRead: true, tagIds: [tag.id], fileIds: [file.id],
      content: `<p>확인 부탁드립니다 <span data-type="mention" data-id="${A.sales.id}" data-label="이영업">@이영업</span></p>`,
    });
    await api.ok(200, "PUT", `post/${post.id}/view`, A.sales);
    await api.ok(200, "PUT", "feeling", A.sales, { postId: post.id, feelType: "CHEER_UP" });
    const top = await api.ok<{ id: number }>(201, "POST", "reply", A.sales, { postId: post.id, replyContent: `@[박파트](user:${A.salesPart.id}) 확인했어요` });
    await api.ok(201, "POST", "reply", A.salesPart, { postId: post.id, parentId: top.id, replyContent: "저도요" });
    await api.ok(201, "POST", `${board.id}/mail/filter`, A.manager, { direction: "IN", classifier: "DOMAIN", content: "partner.example" });

    const before = await dumpTables(source.deps.sql);
    for (const table of TABLES) expect(before[table].length, table).toBeGreaterThan(0);
    const archive = join(source.dataDir, "board.backup");
    const summary = await backupToFile(archive, { sql: source.deps.sql, blobs: source.deps.blobs });
    expect(summary.missingBlobs).toBe(0);
    await restoreFromFile(archive, {
      sql: target.deps.sql, blobs: target.deps.blobs, tmpDir: target.dataDir, force: true, migrate: async () => {},
    });
    const after = await dumpTables(target.deps.sql);
    for (const table of [...TABLES, "users"]) expect(after[table], table).toEqual(before[table]);
    const [{ key }] = await target.db.sql<{ key: string }[]>`select blob_key as key from board_files where id = ${file.id}`;
    expect(await target.deps.blobs.get(key)).toEqual(PDF);
    // The counts the triggers keep still follow the rows on the restored database.
    const [counts] = await target.db.sql<{ posts: number; notices: number }[]>`
      select post_count as posts, notice_count as notices from board_post_counts where board_id = ${board.id}`;
    expect(counts).toEqual({ posts: 1, notices: 1 });
  });
});
