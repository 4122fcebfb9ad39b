// The admin CLI: create a company with its administrator, reset a password, migrate — each run as a real
// process against this test file's database through DATABASE_URL.
import { describe, expect, test } from "vitest";
import { createTestApp, login } from "../support/test-app.ts";

const t = await createTestApp();
const root = new URL("../../", import.meta.url).pathname;

async function run(script: string, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `scripts/${script}.ts`, ...args],
    cwd: root,
    env: { DATABASE_URL: t.db.url },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

describe("scripts", () => {
  test("migrate reports an up-to-date database", async () => {
    const r = await run("migrate", []);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/migrations applied .*database up to date/);
  });

  test("company:create makes a company whose administrator can sign in", async () => {
    const r = await run("create-company", ["--name", "Cli Co", "--domain", "CLI.example", "--admin-id", "Boss", "--admin-name", "Yoon", "--password", "Cli12345!", "--plan", "STANDARD"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"Cli Co" (STANDARD) on cli.example');
    expect(r.stdout).toContain("administrator: boss@cli.example");
    const s = await login(t, "boss@cli.example", "Cli12345!");
    const company = await t.call("GET", "/api/company", { token: s.access_token });
    expect(company.body).toMatchObject({ name: "Cli Co", planType: "STANDARD", domains: ["cli.example"] });
    const me = await t.call("GET", "/api/users/detail", { token: s.access_token });
    expect(me.body).toMatchObject({ accountName: "Yoon", ROLE: "ROLE_ADMIN" });
  });

  test("company:create explains every bad argument and creates nothing", async () => {
    const r = await run("create-company", ["--name", "X", "--domain", "nodot", "--admin-id", "9x", "--password", "short"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--domain: Wrong domain address.");
    expect(r.stderr).toContain("--admin-id:");
    expect(r.stderr).toContain("--password:");
    const missing = await run("create-company", ["--name", "X"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--domain is required");
    const dup = await run("create-company", ["--name", "Again", "--domain", "cli.example", "--admin-id", "other", "--password", "Cli12345!"]);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain("company.domain_in_use");
    const unknown = await run("create-company", ["--colour", "red"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--colour'");
  });

  test("password:reset sets a new password, ends sessions and asks for a change", async () => {
    const before = await login(t, "boss@cli.example", "Cli12345!");
    const r = await run("reset-password", ["--username", "BOSS@cli.example", "--password", "Reset123!"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("password of boss@cli.example reset; 2 open session(s) ended; a change is required");
    expect((await t.call("GET", "/api/users/detail", { token: before.access_token })).status).toBe(401);
    const after = await login(t, "boss@cli.example", "Reset123!");
    expect((await t.call("GET", "/api/users/detail", { token: after.access_token })).body.requestPasswordChange).toBe(true);
    const bad = await run("reset-password", ["--username", "boss@cli.example", "--password", "weak"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--password: use 8-16 characters");
    const nobody = await run("reset-password", ["--username", "ghost@cli.example", "--password", "Reset123!"]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain("no user ghost@cli.example");
  });
});
