// /resource/mine: the user's bookings from now on, soonest first, paged (GET book/mine); each opens the update
// dialog. /resource/approvals: the bookings waiting for the user's decision as a resource's approver
// (GET book/pending), each approved or rejected with a reason.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createLazyRoute } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Booking } from "@shared/resource/resources.ts";
import { BOOKING_NOTE_MAX } from "@shared/resource/constants.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { usePageTitle } from "../../../app/title.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import * as resourceApi from "../api.ts";
import { whenText } from "../booking/BookingView.tsx";
import { NoteField } from "../booking/NoteField.tsx";
import { failed } from "../errors.ts";
import { MINE_PAGE_SIZE, mineQuery, pendingQuery, refreshResource } from "../queries.ts";
import { useResourceUi } from "../ui-state.ts";

export const MineRoute = createLazyRoute("/app/resource/mine")({ component: MyBookings });
export const ApprovalsRoute = createLazyRoute("/app/resource/approvals")({ component: Approvals });

function MyBookings() {
  const { t, i18n } = useTranslation("resource");
  const ui = useResourceUi();
  const [page, setPage] = useState(0);
  const list = useQuery(mineQuery(page));
  usePageTitle(`${t("side.mine")} · ${t("title")}`);
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MINE_PAGE_SIZE));
  return (
    <section className="rs-list-screen" aria-labelledby="rs-list-title">
      <header className="rs-toolbar">
        <h1 id="rs-list-title" className="rs-title">{t("side.mine")}</h1>
        {list.data && <span className="rs-muted">{t("list.total", { count: total })}</span>}
      </header>
      <ListState query={list} empty={t("list.noMine")} />
      {list.data && list.data.content.length > 0 && (
        <ul className="rs-list" aria-busy={list.isFetching || undefined}>
          {list.data.content.map((b) => (
            <li key={b.id} className="rs-list-item">
              <button type="button" className="rs-list-open" onClick={() => ui.openBooking({ mode: "update", booking: b })}>
                <span className="rs-list-title">{b.title}</span>
                <span className="rs-muted">{b.resourceName} · {whenText(b, i18n.language)}</span>
              </button>
              <span className="rs-state-badge" data-status={b.status}>{t(`status.${b.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="rs-pager" aria-label={t("list.pages")}>
          <Button variant="secondary" isDisabled={page === 0} onPress={() => setPage(page - 1)}>{t("list.prev")}</Button>
          <span>{t("list.page", { page: page + 1, pages })}</span>
          <Button variant="secondary" isDisabled={page + 1 >= pages} onPress={() => setPage(page + 1)}>{t("list.next")}</Button>
        </nav>
      )}
    </section>
  );
}

function Approvals() {
  const { t, i18n } = useTranslation("resource");
  const qc = useQueryClient();
  const list = useQuery(pendingQuery);
  const [rejecting, setRejecting] = useState<Booking | null>(null);
  usePageTitle(`${t("side.approvals")} · ${t("title")}`);
  const approve = useMutation({
    mutationFn: (b: Booking) => resourceApi.approve(b.id),
    onSuccess: () => snackbar("SUCCESS", t("approval.approved")),
    onError: failed,
    onSettled: () => refreshResource(qc),
  });
  return (
    <section className="rs-list-screen" aria-labelledby="rs-list-title">
      <header className="rs-toolbar">
        <h1 id="rs-list-title" className="rs-title">{t("side.approvals")}</h1>
      </header>
      <ListState query={list} empty={t("list.noPending")} />
      {list.data && list.data.length > 0 && (
        <ul className="rs-list">
          {list.data.map((b) => (
            <li key={b.id} className="rs-list-item">
              <div className="rs-list-text">
                <span className="rs-list-title">{b.title}</span>
                <span className="rs-muted">{b.resourceName} · {whenText(b, i18n.language)}</span>
                <span className="rs-muted">{t("approval.by", { name: b.booker.name })}</span>
              </div>
              <div className="rs-list-actions">
                <Button isDisabled={approve.isPending} onPress={() => approve.mutate(b)} aria-label={t("approval.approveOne", { title: b.title })}>{t("approval.approve")}</Button>
                <Button variant="secondary" onPress={() => setRejecting(b)} aria-label={t("approval.rejectOne", { title: b.title })}>{t("approval.reject")}</Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {rejecting && <RejectDialog booking={rejecting} onClose={() => setRejecting(null)} />}
    </section>
  );
}

function RejectDialog({ booking, onClose }: { booking: Booking; onClose(): void }) {
  const { t } = useTranslation("resource");
  const qc = useQueryClient();
  const [reason, setReason] = useState("");
  const reject = useMutation({
    mutationFn: () => resourceApi.reject(booking.id, reason.trim()),
    onSuccess: () => (snackbar("SUCCESS", t("approval.rejected")), onClose()),
    onError: failed,
    onSettled: () => refreshResource(qc),
  });
  return (
    <Dialog title={t("approval.rejectTitle", { title: booking.title })} isOpen onClose={onClose}>
      <NoteField label={t("approval.reason")} value={reason} onChange={setReason} maxLength={BOOKING_NOTE_MAX} />
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("dialog.close")}</Button>
        <Button variant="danger" isDisabled={reject.isPending} onPress={() => reject.mutate()}>{t("approval.reject")}</Button>
      </div>
    </Dialog>
  );
}

function ListState({ query, empty }: { query: { isPending: boolean; isError: boolean; data?: { length: number } | { content: unknown[] }; refetch(): unknown }; empty: string }) {
  const { t } = useTranslation("resource");
  if (query.isPending) return <p className="rs-state rs-muted" role="status">{t("loading")}</p>;
  if (query.isError && !query.data) {
    return (
      <div className="rs-state" role="alert">
        <p>{t("loadError")}</p>
        <Button variant="secondary" onPress={() => void query.refetch()}>{t("retry")}</Button>
      </div>
    );
  }
  const n = query.data && ("content" in query.data ? query.data.content.length : query.data.length);
  return n === 0 ? <p className="rs-state rs-muted">{empty}</p> : null;
}
