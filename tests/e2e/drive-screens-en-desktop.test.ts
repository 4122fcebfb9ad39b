// The drive's views and dialogs in en at 1280 px (issue 25): each checked with axe and for text cut off or
// past the screen's edge, and kept as a screenshot under test-results/e2e/drive-screens-en-desktop/ to be looked
// at (tests/e2e/support/drive-screens.ts walks them; one file per language and width keeps each short).
import { describe, test } from "vitest";
import { startE2E } from "./support/browser.ts";
import { driveCompany } from "./support/drive.ts";
import { driveMember, walkScreens } from "./support/drive-screens.ts";

const e = await startE2E("drive-screens-en-desktop");
const co = await driveCompany(e, "drive-screens-en-desktop.test");

describe("the drive's screens", () => {
  test("in en at 1280 px", async () => {
    const ids = await driveMember(e, co, "mina", "en");
    const { context, page } = await e.newPage({ width: 1280, height: 800 });
    page.setDefaultTimeout(12_000);
    await walkScreens(e, page, co, "mina", "en", 1280, ids);
    await context.close();
  });
});
