// The drive's views and dialogs in en at 390 px (issue 25): each checked with axe and for text cut off or
// past the screen's edge, and kept as a screenshot under test-results/e2e/drive-screens-en-phone/ to be looked
// at (tests/e2e/support/drive-screens.ts walks them; one file per language and width keeps each short).
import { describe, test } from "vitest";
import { startE2E } from "./support/browser.ts";
import { driveCompany } from "./support/drive.ts";
import { driveMember, walkScreens } from "./support/drive-screens.ts";

const e = await startE2E("drive-screens-en-phone");
const co = await driveCompany(e, "drive-screens-en-phone.test");

describe("the drive's screens", () => {
  test("in en at 390 px", async () => {
    const ids = await driveMember(e, co, "mina", "en");
    const { context, page } = await e.newPage({ width: 390, height: 844 });
    page.setDefaultTimeout(12_000);
    await walkScreens(e, page, co, "mina", "en", 390, ids);
    await context.close();
  });
});
