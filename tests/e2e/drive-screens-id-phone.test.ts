// The drive's views and dialogs in id at 390 px (issue 25): each checked with axe and for text cut off or
// past the screen's edge, and kept as a screenshot under test-results/e2e/drive-screens-id-phone/ to be looked
// at (tests/e2e/support/drive-screens.ts walks them; one file per language and width keeps each short).
import { describe, test } from "vitest";
import { startE2E } from "./support/browser.ts";
import { driveCompany } from "./support/drive.ts";
import { driveMember, walkScreens } from "./support/drive-screens.ts";

const e = await startE2E("drive-screens-id-phone");
const co = await driveCompany(e, "drive-screens-id-phone.test");

describe("the drive's screens", () => {
  test("in id at 390 px", async () => {
    const ids = await driveMember(e, co, "mina", "id");
    const { context, page } = await e.newPage({ width: 390, height: 844 });
    page.setDefaultTimeout(12_000);
    await walkScreens(e, page, co, "mina", "id", 390, ids);
    await context.close();
  });
});
