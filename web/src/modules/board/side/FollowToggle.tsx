// Following a board (PUT {id}/follow): new posts in it come as notices. A toggle button, pressed while following;
// the tree and the board's detail refetch after the change.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { followBoard } from "../api.ts";
import { failed } from "../errors.ts";
import { refreshBoards } from "../queries.ts";

const BELL = "M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0";

export function FollowToggle({ id, name, following, compact = false }: { id: number; name: string; following: boolean; compact?: boolean }) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await followBoard(id, !following);
      snackbar("SUCCESS", t(following ? "follow.off" : "follow.on", { name }));
      await refreshBoards(qc);
    } catch (e) {
      failed(e, "follow_failed");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button className={compact ? "bd-follow bd-follow-compact" : "btn btn-secondary bd-follow"} aria-pressed={following}
      aria-label={compact ? t("follow.label", { name }) : undefined} excludeFromTabOrder={compact} isDisabled={busy}
      onPress={() => void toggle()}>
      <svg width="16" height="16" viewBox="0 0 24 24" fill={following ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2"
        strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d={BELL} />
      </svg>
      {!compact && <span>{t(following ? "follow.following" : "follow.follow")}</span>}
    </Button>
  );
}
