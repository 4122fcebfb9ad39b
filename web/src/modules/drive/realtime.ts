// DRIVE_CHANGED on the user's drive topic (the server publishes it, ids only, to the owner and to everyone a
// changed item is shared with): the drive's lists, trees and counts refetch; a burst of changes (an upload of
// a folder, an emptied trash) refetches once. The realtime client is the shell's; this adds a subscription.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { driveTopic } from "@shared/drive/constants.ts";
import { useUserTopic } from "../../app/use-user-topic.ts";
import { refreshDrive } from "./queries.ts";

export function useDriveRealtime() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useUserTopic(driveTopic, (event) => {
    if (event !== "DRIVE_CHANGED") return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refreshDrive(qc), 150);
  });
}
