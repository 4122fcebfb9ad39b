// Aliases managed by the company's administrator (/api/admin/users/{id}/aliases) and read by their owner
// (GET /api/alias/me): on a company domain only, unique on the server against usernames, group addresses and
// other aliases (409), at most MAX_ALIASES_PER_USER, admins only, another company's user answers 404.
import { beforeAll, describe, expect, test } from "vitest";
import { companyDomains } from "../../../db/schema/index.ts";
import { MAX_ALIASES_PER_USER } from "../../../shared/mail/aliases.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";
import { createTestApp, login, signupCompany } from "../../support/test-app.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
let kim = 0; // a user of A
let lee = 0; // another user of A
let bee = 0; // a user of B
let kimToken = "";

const call = (method: string, path: string, token: string, json?: unknown) => t.call(method, path, { token, json });
const add = (userId: number, address: string, token = A.token) => call("POST", `/api/admin/users/${userId}/aliases`, token, { address });
const list = (userId: number, token = A.token) => call("GET", `/api/admin/users/${userId}/aliases`, token);

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alias-alpha.test" });
  B = await signupCompany(t, { domain: "alias-beta.test" });
  // A second domain of company A (the sign-up gives one; further domains are rows of company_domains).
  await t.db.db.insert(companyDomains).values({ companyId: A.companyId, domain: "alpha-two.test" });
  await adminApi(t).newOrg(A.token, { name: "Sales", email: "sales@alias-alpha.test" });
  kim = (await adminApi(t).newUser(A.token, { loginId: "kim", accountName: "Kim" })).id;
  lee = (await adminApi(t).newUser(A.token, { loginId: "lee", accountName: "Lee" })).id;
  bee = (await adminApi(t).newUser(B.token, { loginId: "bee", accountName: "Bee" })).id;
  kimToken = (await login(t, "kim@alias-alpha.test", USER_PASSWORD)).access_token;
});

describe("adding, listing and deleting", () => {
  test("the admin adds aliases (201, lower-cased) on any company domain; list and /api/alias/me show them oldest first", async () => {
    const r1 = await add(kim, "  Kim.Sales@Alias-Alpha.test ");
    expect(r1.status, JSON.stringify(r1.body)).toBe(201);
    expect(r1.body).toEqual({ id: expect.any(Number), address: "kim.sales@alias-alpha.test" });
    const r2 = await add(kim, "kim@alpha-two.test");
    expect(r2.status).toBe(201);

    const expected = { aliases: [{ id: r1.body.id, address: "kim.sales@alias-alpha.test" }, { id: r2.body.id, address: "kim@alpha-two.test" }] };
    expect((await list(kim)).body).toEqual(expected);
    const me = await t.call("GET", "/api/alias/me", { token: kimToken });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(expected);
    // Another user has none of them.
    expect((await list(lee)).body).toEqual({ aliases: [] });
    expect((await t.call("GET", "/api/alias/me", { token: A.token })).body).toEqual({ aliases: [] });
  });

  test("delete answers 204, then 404 for the same id and for an alias of another user", async () => {
    const { body } = await add(kim, "temp@alias-alpha.test");
    const leeAlias = (await add(lee, "lee.temp@alias-alpha.test")).body.id;
    expect((await call("DELETE", `/api/admin/users/${kim}/aliases/${leeAlias}`, A.token)).status).toBe(404);
    expect((await call("DELETE", `/api/admin/users/${kim}/aliases/${body.id}`, A.token)).status).toBe(204);
    expect((await call("DELETE", `/api/admin/users/${kim}/aliases/${body.id}`, A.token)).status).toBe(404);
    expect((await list(kim)).body.aliases.map((a: { address: string }) => a.address)).not.toContain("temp@alias-alpha.test");
    // A deleted alias's address is free again.
    expect((await add(lee, "temp@alias-alpha.test")).status).toBe(201);
  });

  test("without a token 401; GET /api/alias/me needs only a signed-in user", async () => {
    expect((await t.call("GET", "/api/alias/me")).status).toBe(401);
    expect((await t.call("GET", `/api/admin/users/${kim}/aliases`)).status).toBe(401);
  });
});

describe("checks", () => {
  test("an address off the company's domains, or not an address at all, is 400 mail.alias_invalid", async () => {
    for (const address of ["kim@elsewhere.test", "kim@alias-beta.test", "no-at-sign", "@alias-alpha.test", "a b@alias-alpha.test",
      "Kim <kim2@alias-alpha.test>", ""]) {
      const r = await add(kim, address);
      expect(r.status, address).toBe(400);
      expect(r.body.code, address).toBe("mail.alias_invalid");
    }
  });

  test("a username (even of the same user), a group address or another alias is 409 mail.alias_in_use", async () => {
    for (const address of ["lee@alias-alpha.test", "kim@alias-alpha.test", "admin@alias-alpha.test", "sales@alias-alpha.test", "KIM.SALES@alias-alpha.test"]) {
      const r = await add(lee, address);
      expect(r.status, address).toBe(409);
      expect(r.body.code, address).toBe("mail.alias_in_use");
    }
  });

  test("two admins adding the same address at once: one 201, one 409", async () => {
    const [r1, r2] = await Promise.all([add(kim, "race@alias-alpha.test"), add(lee, "race@alias-alpha.test")]);
    expect([r1.status, r2.status].sort()).toEqual([201, 409]);
  });

  test(`at most ${MAX_ALIASES_PER_USER} aliases per user: the next is 400 mail.alias_limit`, async () => {
    const have = (await list(lee)).body.aliases.length;
    for (let i = have; i < MAX_ALIASES_PER_USER; i++) expect((await add(lee, `lee${i}@alias-alpha.test`)).status).toBe(201);
    const r = await add(lee, "one-too-many@alias-alpha.test");
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("mail.alias_limit");
    expect((await list(lee)).body.aliases).toHaveLength(MAX_ALIASES_PER_USER);
  });

  test("a user who is not an administrator gets 403", async () => {
    expect((await list(lee, kimToken)).status).toBe(403);
    expect((await add(kim, "self@alias-alpha.test", kimToken)).status).toBe(403);
  });
});

describe("isolation", () => {
  test("another company's admin gets 404 for the user and their aliases, and cannot add one", async () => {
    const kimAlias = (await list(kim)).body.aliases[0].id;
    expect((await list(kim, B.token)).status).toBe(404);
    expect((await add(kim, "kim.b@alias-alpha.test", B.token)).status).toBe(404);
    expect((await add(kim, "kim.b@alias-beta.test", B.token)).status).toBe(404);
    expect((await call("DELETE", `/api/admin/users/${kim}/aliases/${kimAlias}`, B.token)).status).toBe(404);
    expect((await list(kim)).body.aliases[0].id).toBe(kimAlias);
    // And A's admin gets 404 for B's user.
    expect((await list(bee)).status).toBe(404);
    expect((await add(bee, "bee2@alias-alpha.test")).status).toBe(404);
  });

  test("an alias of another company's domain is taken server-wide: 409 when B's admin tries the same address", async () => {
    await add(bee, "shared@alias-beta.test", B.token);
    // A cannot use B's domain at all (400); B's second try of the same address is 409.
    expect((await add(kim, "shared@alias-beta.test")).body.code).toBe("mail.alias_invalid");
    expect((await add(bee, "shared@alias-beta.test", B.token)).status).toBe(409);
  });

  test("deleting a user frees their aliases: gone from the admin API (404), the address can be given to a colleague", async () => {
    const gone = (await adminApi(t).newUser(A.token, { loginId: "gone", accountName: "Gone" })).id;
    expect((await add(gone, "gone.alias@alias-alpha.test")).status).toBe(201);
    expect((await call("DELETE", `/api/admin/users/${gone}`, A.token)).status).toBe(204);
    expect((await list(gone)).status).toBe(404);
    // A departed colleague's role address (sales@, help@) goes to whoever takes the work over.
    const heir = (await adminApi(t).newUser(A.token, { loginId: "heir", accountName: "Heir" })).id;
    expect((await add(heir, "gone.alias@alias-alpha.test")).status).toBe(201);
  });
});

describe("an alias's address is not handed out again", () => {
  test("a new user whose address is an alias: 409 user.username_in_use; a group address: 409 organization.email_in_use", async () => {
    expect((await add(kim, "taken@alias-alpha.test")).status).toBe(201);
    const u = await call("POST", "/api/admin/users", A.token, { loginId: "taken", accountName: "Taken", password: USER_PASSWORD });
    expect(u.status).toBe(409);
    expect(u.body.code).toBe("user.username_in_use");
    const o = await call("POST", "/api/admin/organizations", A.token, { name: "Taken team", email: "taken@alias-alpha.test" });
    expect(o.status).toBe(409);
    expect(o.body.code).toBe("organization.email_in_use");
  });
});
