// Read receipts of the sender's own sent mail (000 §3 "Receipt user", §7 "Receipts", §8 mail.391-394): each
// internal recipient's status, and withdrawing a copy nobody has read yet (one recipient or all of them).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ReceiptCancelResult, ReceiptSummary } from "@shared/mail/compose.ts";
import { api, ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { MailIcon } from "../icons.tsx";

const receiptKey = (mailId: number) => ["mail", "receipt", mailId] as const;

export function Receipts({ mailId }: { mailId: number }) {
  const { t, i18n } = useTranslation("mail");
  const qc = useQueryClient();
  const [open, setOpen] = useState(true);
  const q = useQuery({
    queryKey: receiptKey(mailId),
    queryFn: ({ signal }) => api<ReceiptSummary>(`/api/mail/${mailId}/receipt`, { signal }),
  });
  const cancel = useMutation({
    mutationFn: (targetAddress: string | null) =>
      targetAddress === null
        ? api<ReceiptCancelResult>(`/api/mail/receipt/${mailId}/all`, { method: "PUT" })
        : api<ReceiptCancelResult>(`/api/mail/receipt/${mailId}`, { method: "PUT", json: { targetAddress } }),
    onSuccess: (r) => snackbar("SUCCESS", t("view.receipts.mail393", { count: r.canceled })),
    onError: (e) =>
      snackbar("ERROR", e instanceof ApiError && e.code.startsWith("mail.") && e.code !== "mail.not_found" ? errorText(e.code) : t("view.receipts.mail394")),
    onSettled: () => void qc.invalidateQueries({ queryKey: receiptKey(mailId) }),
  });

  if (q.isError) return <p className="mr-receipts mr-muted" role="alert">{t("view.receipts.mail391")}</p>;
  const s = q.data;
  if (!s || s.total === 0) return null;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  const cancelable = s.receipts.filter((r) => r.cancelable).length;

  const ask = async (address: string | null) => {
    const ok = await confirm({
      message: address === null ? t("view.receipts.mail392All") : t("view.receipts.mail392", { address }),
      confirmLabel: t("view.receipts.cancel"),
      danger: true,
    });
    if (ok) cancel.mutate(address);
  };

  return (
    <section className="mr-receipts" aria-label={t("view.receipts.title")}>
      <div className="mr-receipts-head">
        <Button variant="ghost" className="mr-small-btn" aria-expanded={open} onPress={() => setOpen(!open)}>
          <MailIcon name={open ? "chevronDown" : "chevronRight"} size={16} />
          <MailIcon name="receipt" size={16} />
          {t("view.receipts.title")}
        </Button>
        <span className="mr-muted">{t("view.receipts.summary", { read: s.counts.READ, total: s.total })}</span>
        {cancelable > 1 && (
          <Button variant="secondary" className="mr-small-btn" isDisabled={cancel.isPending} onPress={() => void ask(null)}>
            {t("view.receipts.cancelAll")}
          </Button>
        )}
      </div>
      {open && (
        <table className="mr-receipts-table">
          <thead>
            <tr>
              <th scope="col">{t("view.receipts.recipient")}</th>
              <th scope="col">{t("view.receipts.status")}</th>
              <th scope="col">{t("view.receipts.time")}</th>
              <th scope="col"><span className="mr-sr">{t("view.receipts.actions")}</span></th>
            </tr>
          </thead>
          <tbody>
            {s.receipts.map((r) => (
              <tr key={r.id}>
                <td>
                  {/* The name with the address beside it when known; otherwise the bare address. */}
                  {r.name
                    ? <>{r.name} <span className="mr-muted">&lt;{r.address}&gt;</span></>
                    : <span>{r.address}</span>}
                </td>
                <td className={`mr-receipt-${r.receiptStatus.toLowerCase()}`}>
                  {t(`view.receipts.statusName.${r.receiptStatus}`)}
                  {r.replyCode && <span className="mr-muted"> ({r.replyCode})</span>}
                </td>
                <td>{r.receiptStatus === "UNREAD" ? "" : time.format(r.updateTimeMillis)}</td>
                <td>
                  {r.cancelable && (
                    <Button variant="ghost" className="mr-small-btn" isDisabled={cancel.isPending}
                      aria-label={t("view.receipts.cancelOne", { address: r.address })} onPress={() => void ask(r.address)}>
                      {t("view.receipts.cancel")}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
