// The document's buttons, from Document.actions (what the caller may do now): approve (전결 as an option),
// reject (전단계 반려 as an option), cancel, receive, return, change upper lines, add share lines, change open
// type, retrieve, edit, reuse, inner draft, delete; and print. Each action sends the version (and line) the
// caller saw when they chose it — a dialog kept open while realtime refetched the document still acts on what
// was decided on, so a change by someone else in between answers 409; success shows the spec's text and goes
// where the server's ActionResult.next says (a box, or home); a conflict (the document changed, not this line's
// turn) says so and reads the document again.
import { Link, useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OpenType } from "@shared/approval/constants.ts";
import type { Document } from "@shared/approval/documents.ts";
import type { ActionResult } from "@shared/approval/lines.ts";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { LineEditorDialog } from "../lines/LineEditorDialog.tsx";
import { addShare, changeUpper, lineAction, removeDocument, retrieve, setOpenType } from "../api.ts";
import { approvalPaths, isBoxKey } from "../paths.ts";
import { refreshApproval } from "../queries.ts";
import { ApiError } from "../../../lib/api.ts";
import { approvalErrorText, isStale } from "../errors.ts";
import { ActionDialog, type CommentAction } from "./ActionDialog.tsx";
import { OpenTypeDialog } from "./OpenTypeDialog.tsx";

type Open = CommentAction | "upper" | "share" | "openType" | null;

const UPPER_TYPES = ["APPROVAL", "HELP", "HELP_ORGAN"] as const;
const SHARE_TYPES = ["SHARE", "SHARE_ORGAN"] as const;

export function ActionBar({ doc, boxKey }: { doc: Document; boxKey: string | null }) {
  const { t } = useTranslation("approval");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpenState] = useState<Open>(null);
  /** The document as the caller saw it when choosing the action. */
  const seen = useRef({ lineId: doc.myLineId, version: doc.version });
  const look = () => {
    seen.current = { lineId: doc.myLineId, version: doc.version };
  };
  const setOpen = (o: Open) => {
    if (o) look();
    setOpenState(o);
  };
  const can = (a: Document["actions"][number]) => doc.actions.includes(a);
  const myLine = doc.lines.find((l) => l.id === doc.myLineId) ?? null;

  /** After a done action: the text (carried to the screen the action leads to), the way on, the lists refetch. */
  async function done(text: string, next: string | null) {
    setOpen(null);
    snackbar("SUCCESS", text, { carry: next !== null });
    if (next !== null) {
      const dept = next === "oh" || next === "or" ? myLine?.approver.organId ?? undefined : undefined;
      void navigate(next === "home" || !isBoxKey(next) ? approvalPaths.home() : approvalPaths.box(next, dept ? { dept } : {}));
    }
    await refreshApproval(qc);
  }
  async function fail(e: unknown, fallback?: string) {
    snackbar("ERROR", approvalErrorText(e, fallback));
    if (isStale(e)) {
      setOpen(null);
      await refreshApproval(qc);
    }
  }
  async function line(kind: "approve" | "reject" | "cancel" | "receive" | "return", comment = "", option = false): Promise<ActionResult> {
    const { lineId, version } = seen.current;
    if (!lineId) throw new ApiError(409, "approval.line_not_pending", {});
    return await lineAction(kind, {
      lineId,
      version,
      comment,
      preApproval: kind === "approve" && option,
      preReject: kind === "reject" && option,
    });
  }

  async function submitComment(kind: CommentAction, comment: string, option: boolean) {
    try {
      const r = await line(kind, comment, option);
      const text = kind === "approve" ? t("done.approved") : kind === "reject" ? t("done.rejected") : t("done.returned");
      await done(text, r.next);
    } catch (e) {
      await fail(e, kind === "return" ? "approval.return_failed" : "approval.approve_failed");
    }
  }
  async function ask(message: string, run: () => Promise<void>, danger = false, confirmLabel?: string) {
    look();
    if (!await confirm({ message, danger, confirmLabel })) return;
    await run();
  }
  const cancel = () =>
    ask(t("act.cancel.ask"), async () => {
      try {
        const r = await line("cancel");
        await done(t("done.cancelled"), r.next);
      } catch (e) {
        await fail(e, "approval.approve_failed");
      }
    }, false, t("act.cancel.label"));
  const receive = () =>
    ask(t("act.receive.ask"), async () => {
      try {
        const r = await line("receive");
        await done(t("done.received"), r.next);
      } catch (e) {
        await fail(e, "approval.receive_line_not_found");
      }
    }, false, t("act.receive.label"));
  const doRetrieve = () =>
    ask(t("act.retrieve.ask"), async () => {
      try {
        const r = await retrieve(doc.id, seen.current.version);
        await done(t("done.retrieved"), r?.next ?? "de");
      } catch (e) {
        await fail(e, "approval.retrieve_failed");
      }
    }, false, t("act.retrieve.label"));
  const doDelete = () =>
    ask(t("act.delete.ask"), async () => {
      try {
        await removeDocument(doc.id);
        qc.removeQueries({ queryKey: ["approval", "document", doc.id] });
        await done(t("done.deleted"), boxKey ?? "home");
      } catch (e) {
        await fail(e);
      }
    }, true, t("act.delete.label"));
  async function openType(o: OpenType) {
    try {
      await setOpenType(doc.id, o, seen.current.version);
      await done(t("done.openType"), null);
    } catch (e) {
      await fail(e);
    }
  }

  const upperInitial = doc.lines.filter((l) => l.group === "APPROVAL" && myLine && l.sortOrder > myLine.sortOrder && l.status === "WAITING");
  const editBox = boxKey ?? "dt";
  return (
    <div className="ap-actions" role="toolbar" aria-label={t("act.label")}>
      {can("approve") && <Button onPress={() => setOpen("approve")}>{t("act.approve.label")}</Button>}
      {can("reject") && <Button variant="danger" onPress={() => setOpen("reject")}>{t("act.reject.label")}</Button>}
      {can("receive") && <Button onPress={receive}>{t("act.receive.label")}</Button>}
      {can("return") && <Button variant="danger" onPress={() => setOpen("return")}>{t("act.return.label")}</Button>}
      {can("cancel") && <Button variant="secondary" onPress={cancel}>{t("act.cancel.label")}</Button>}
      {can("upper") && <Button variant="secondary" onPress={() => setOpen("upper")}>{t("act.upper.label")}</Button>}
      {can("share") && <Button variant="secondary" onPress={() => setOpen("share")}>{t("act.share.label")}</Button>}
      {can("openType") && <Button variant="secondary" onPress={() => setOpen("openType")}>{t("act.openType.label")}</Button>}
      {can("retrieve") && <Button variant="secondary" onPress={doRetrieve}>{t("act.retrieve.label")}</Button>}
      {can("edit") && (
        <Link to={"/approval/doc/list/$boxKey/$docId/edit" as "/approval/doc/list/$boxKey/$docId"} params={{ boxKey: editBox, docId: String(doc.id) }}
          className="btn btn-secondary">
          {t("act.edit")}
        </Link>
      )}
      {can("reuse") && (
        <Link to={"/approval/draft/reuse" as "/approval/home"} search={{ originDocId: doc.id } as never} className="btn btn-secondary">{t("act.reuse")}</Link>
      )}
      {can("innerDraft") && doc.myLineId && (
        <Link to={"/approval/draft/inner" as "/approval/home"} search={{ originDocId: doc.id, originLineId: doc.myLineId } as never} className="btn btn-secondary">
          {t("act.innerDraft")}
        </Link>
      )}
      {can("delete") && <Button variant="danger" onPress={doDelete}>{t("act.delete.label")}</Button>}
      <Link {...approvalPaths.print(doc.id)} className="btn btn-ghost">{t("act.print")}</Link>

      {(open === "approve" || open === "reject" || open === "return") && (
        <ActionDialog kind={open} option={open === "approve" ? can("preApprove") : open === "reject" ? can("preReject") : false}
          onClose={() => setOpen(null)} onSubmit={(c, o) => submitComment(open, c, o)} />
      )}
      {open === "openType" && <OpenTypeDialog current={doc.openType} onClose={() => setOpen(null)} onSubmit={openType} />}
      <LineEditorDialog isOpen={open === "upper"} title={t("act.upper.label")} draftOrganId={doc.draftOrgan.id} initial={upperInitial}
        allowedTypes={UPPER_TYPES} docId={doc.id} presets={false} onClose={() => setOpen(null)}
        onSubmit={async (lines) => {
          try {
            await changeUpper(doc.id, seen.current.version, lines);
            await done(t("done.upper"), null);
          } catch (e) {
            await fail(e);
            throw e;
          }
        }} />
      <LineEditorDialog isOpen={open === "share"} title={t("act.share.label")} draftOrganId={doc.draftOrgan.id} initial={[]}
        allowedTypes={SHARE_TYPES} docId={doc.id} presets={false} onClose={() => setOpen(null)}
        onSubmit={async (lines) => {
          try {
            await addShare(doc.id, lines);
            await done(t("done.share"), null);
          } catch (e) {
            await fail(e);
            throw e;
          }
        }} />
    </div>
  );
}
