// A board's mail address is taken for the other holders of addresses too: a new user, an alias and an
// organisation's group address cannot take it (before, they could, and the mail then went to them instead of
// the board); a deleted board keeps it while it can be restored.
import { beforeAll, expect, test } from "vitest";
import type { BoardDetail } from "../../shared/board/boards.ts";
import { createTestApp } from "../support/test-app.ts";
import { PW } from "../share/share-helpers.ts";
import { boardApi, type BoardCompany, boardCompany, makeBoard } from "./support.ts";

const t = await createTestApp();
const api = boardApi(t);
let A: BoardCompany;
let board: BoardDetail;

beforeAll(async () => {
  A = await boardCompany(t, "taken-a.test");
  board = await makeBoard(t, A.manager, { name: "영업 자료실" });
  await api.ok(200, "PUT", `${board.id}/mail/address`, A.manager, { localPart: "sales-docs" });
});

const call = (method: string, path: string, json: unknown) => t.call(method, path, { token: A.admin.token, json });

test("a new user, an alias or a group address cannot take a board's address", async () => {
  const user = await call("POST", "/api/admin/users", { loginId: "sales-docs", accountName: "자료실", password: PW, requestPasswordChange: false });
  expect([user.status, user.body.code]).toEqual([409, "user.username_in_use"]);
  const alias = await call("POST", `/api/admin/users/${A.sales.id}/aliases`, { address: `sales-docs@${A.co.domain}` });
  expect([alias.status, alias.body.code]).toEqual([409, "mail.alias_in_use"]);
  const org = await call("POST", "/api/admin/organizations", { name: "자료팀", email: `Sales-Docs@${A.co.domain}` });
  expect([org.status, org.body.code]).toEqual([409, "organization.email_in_use"]);
  // Another local part is free for all of them.
  expect((await call("POST", `/api/admin/users/${A.sales.id}/aliases`, { address: `sales-desk@${A.co.domain}` })).status).toBe(201);
});

test("a deleted board keeps its address while it can be restored", async () => {
  await api.ok(200, "DELETE", `${board.id}`, A.manager);
  const alias = await call("POST", `/api/admin/users/${A.dev.id}/aliases`, { address: `sales-docs@${A.co.domain}` });
  expect([alias.status, alias.body.code]).toEqual([409, "mail.alias_in_use"]);
});
