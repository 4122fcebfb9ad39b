// web/src/lib/return-path.ts: the address sign-in goes back to, taken once; public pages and other origins never.
import { beforeEach, expect, test } from "vitest";
import { dropReturnPath, keepReturnPath, takeReturnPath } from "../../web/src/lib/return-path.ts";

beforeEach(() => sessionStorage.clear());

test("an in-app address is kept and taken once", () => {
  keepReturnPath(`/flow/all/tasks/${encodeURIComponent(JSON.stringify({ filterId: "my", taskId: 7 }))}`);
  expect(takeReturnPath()).toBe("/flow/all/tasks/%7B%22filterId%22%3A%22my%22%2C%22taskId%22%3A7%7D");
  expect(takeReturnPath()).toBeNull();
  keepReturnPath("/link/viewer/abc_DEF-123");
  expect(takeReturnPath()).toBe("/link/viewer/abc_DEF-123");
});

test("the public pages, the root, other origins and overlong addresses are not kept", () => {
  for (const path of ["/login", "/login?x=1", "/signup", "/404", "/", "//evil.example/x", "https://evil.example/", "mail/1/1", `/mail/${"x".repeat(2001)}`]) {
    keepReturnPath(path);
    expect(takeReturnPath(), path).toBeNull();
  }
  expect((keepReturnPath("/loginx"), takeReturnPath())).toBe("/loginx");
});

test("signing out forgets it; a value put there by other means is checked when taken", () => {
  keepReturnPath("/account/info");
  dropReturnPath();
  expect(takeReturnPath()).toBeNull();
  sessionStorage.setItem("gw.returnTo", "//evil.example/");
  expect(takeReturnPath()).toBeNull();
});
