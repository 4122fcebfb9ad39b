// A company's first week in Indonesian across every module, a test per day (tests/e2e/support/week-one.ts): each fails
// on any console error, failed request, unexpected answer >= 400 or serious axe violation of its day.
// Screenshots under test-results/e2e/week-one-id/.
import { describe } from "vitest";
import { startE2E } from "./support/browser.ts";
import { weekOne } from "./support/week-one.ts";

const e = await startE2E("week-one-id");

describe("a company's first week in Indonesian", () => weekOne(e, "id"));
