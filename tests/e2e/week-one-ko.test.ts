// A company's first week in Korean across every module, a test per day (tests/e2e/support/week-one.ts): each fails
// on any console error, failed request, unexpected answer >= 400 or serious axe violation of its day.
// Screenshots under test-results/e2e/week-one-ko/.
import { describe } from "vitest";
import { startE2E } from "./support/browser.ts";
import { weekOne } from "./support/week-one.ts";

const e = await startE2E("week-one-ko");

describe("a company's first week in Korean", () => weekOne(e, "ko"));
