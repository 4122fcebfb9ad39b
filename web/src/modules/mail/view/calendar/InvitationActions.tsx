// The invitation card's answers (issue 23 "People"; calls in shared/calendar/inout.ts): on an invitation
// (REQUEST) of the reader's own mailbox, accept / tentative / decline answer the organiser with a REPLY by
// mail and put the event into the reader's DEFAULT calendar (the current answer shown pressed); on a
// cancellation, remove it from the calendar; on a new time proposed (COUNTER) about the reader's own event,
// accept it (the event moves, everyone is told) or decline it. Shown only when the company has the calendar.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { CounterReplyResult, InvitationStatus, ReplyResult } from "@shared/calendar/inout.ts";
import { api, codeOf } from "../../../../lib/api.ts";
import { errorText } from "../../../../lib/i18n.ts";
import { snackbar } from "../../../../app/feedback/snackbar.tsx";
import { Button } from "../../../../ui/Button.tsx";

const ANSWERS = [
  ["ACCEPTED", "accept"],
  ["TENTATIVE", "tentative"],
  ["DECLINED", "decline"],
] as const;

export function InvitationActions({ mailId }: { mailId: number }) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const key = ["calendar", "invitation", mailId] as const;
  const status = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<InvitationStatus>("/api/calendar/reply/status", { signal, query: { mailId } }),
    retry: false,
  });
  const done = () => {
    void qc.invalidateQueries({ queryKey: key });
    void qc.invalidateQueries({ queryKey: ["calendar"] });
  };
  const reply = useMutation({
    mutationFn: (partStat?: string) => api<ReplyResult>("/api/calendar/reply", { method: "POST", json: { mailId, partStat } }),
    onSuccess: (r) => {
      snackbar("SUCCESS", t(r.method === "CANCEL" ? "calendar.actions.removed" : "calendar.actions.sent"));
      done();
    },
    onError: (e) => snackbar("ERROR", codeOf(e) === "calendar.10" || codeOf(e).startsWith("common.") ? t("calendar.actions.failed") : errorText(codeOf(e))),
  });
  const counter = useMutation({
    mutationFn: (accept: boolean) => api<CounterReplyResult>("/api/calendar/counterReply", { method: "POST", json: { mailId, accept } }),
    onSuccess: (r) => {
      snackbar("SUCCESS", t(r.accepted ? "calendar.actions.counterAccepted" : "calendar.actions.counterDeclined"));
      done();
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e))),
  });

  const s = status.data;
  if (!s?.method) return null;
  const busy = reply.isPending || counter.isPending;

  if (s.method === "REQUEST" && !s.organizer) {
    return (
      <div className="mc-actions" role="group" aria-label={t("calendar.actions.label")}>
        {s.outdated
          ? <p className="mc-sub">{t("calendar.actions.outdated")}</p>
          : ANSWERS.map(([partStat, name]) => (
            <Button
              key={partStat}
              variant={s.partStat === partStat ? "primary" : "secondary"}
              aria-pressed={s.partStat === partStat}
              isDisabled={busy}
              onPress={() => reply.mutate(partStat)}
            >
              {t(`calendar.actions.${name}`)}
            </Button>
          ))}
      </div>
    );
  }
  if (s.method === "CANCEL" && s.eventId !== null && !s.organizer) {
    return (
      <div className="mc-actions">
        <Button variant="secondary" isDisabled={busy} onPress={() => reply.mutate(undefined)}>{t("calendar.actions.remove")}</Button>
      </div>
    );
  }
  if (s.method === "COUNTER" && s.organizer) {
    return (
      <div className="mc-actions" role="group" aria-label={t("calendar.actions.counterLabel")}>
        <Button variant="primary" isDisabled={busy} onPress={() => counter.mutate(true)}>{t("calendar.actions.counterAccept")}</Button>
        <Button variant="secondary" isDisabled={busy} onPress={() => counter.mutate(false)}>{t("calendar.actions.counterDecline")}</Button>
      </div>
    );
  }
  return null;
}
