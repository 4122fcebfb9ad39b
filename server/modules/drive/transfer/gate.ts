// The drive's company flag for the transfer's routes (the same answer as the drive's own routes: 403 drive.66
// for a company without the drive). Runs after the caller is known (bearer or download ticket).
import { DRIVE_ERRORS } from "../../../../shared/drive/errors.ts";
import { moduleGate } from "../../../lib/module-gate.ts";

export const transferEnabled = moduleGate("useDrive", DRIVE_ERRORS.noPermission);
