// The spam log of the spam tab (000 §3 "Spam item"): blocked arrivals newest first, paged; select entries to
// recover them (mail.289/290), allow their senders (which recovers too) or delete the entries (mail.404/405);
// an entry opens its detail (the blocked mail's headers, never its content; mail.434 when it cannot load).
// Entries the company's policy blocked cannot be recovered or allowed.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SpamBlockDetail, SpamLogItem } from "@shared/mail/spam-lists.ts";
import { confirm } from "../../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../../app/feedback/snackbar.tsx";
import { ApiError } from "../../../../lib/api.ts";
import { formatBytes } from "../../../../lib/bytes.ts";
import { errorText } from "../../../../lib/i18n.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Checkbox } from "../../../../ui/Checkbox.tsx";
import { Dialog } from "../../../../ui/Dialog.tsx";
import { mailKeys } from "../../queries.ts";
import { allowSpam, deleteSpamLog, recoverSpam, spamDetail, spamKeys, spamLogQuery } from "./api.ts";

export function SpamLog() {
  const { t, i18n } = useTranslation("mail");
  const qc = useQueryClient();
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [detail, setDetail] = useState<SpamBlockDetail | null>(null);
  const q = useQuery(spamLogQuery(page));
  const rows = q.data?.content ?? [];
  const chosen = rows.filter((r) => selected.has(r.id));
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const size = (n: number) => formatBytes(n, i18n.language);

  const refresh = () => {
    setSelected(new Set());
    void qc.invalidateQueries({ queryKey: spamKeys.all });
    void qc.invalidateQueries({ queryKey: mailKeys.folders });
    void qc.invalidateQueries({ queryKey: mailKeys.lists });
  };

  async function act(kind: "recover" | "allow" | "delete", items: SpamLogItem[]) {
    const ids = items.map((r) => r.id);
    if (!ids.length) return;
    if (kind === "delete" && !(await confirm({ message: t("spam.log.deleteConfirm", { count: ids.length }), confirmLabel: t("spam.log.delete"), danger: true }))) return;
    try {
      if (kind === "delete") {
        await deleteSpamLog(ids);
        snackbar("SUCCESS", t("spam.mail405"));
      } else {
        const r = kind === "recover" ? await recoverSpam(ids) : await allowSpam(ids);
        snackbar("SUCCESS", kind === "recover" ? t("spam.mail290", { count: r.recovered }) : t("spam.allowed", { count: r.recovered }));
      }
      setDetail(null);
    } catch (e) {
      const code = e instanceof ApiError ? e.code : "common.500";
      const fallback = kind === "delete" ? t("spam.mail404") : t("spam.mail289");
      snackbar("ERROR", code === "mail.system_blocked" ? errorText(code) : fallback);
    }
    refresh();
  }

  async function open(r: SpamLogItem) {
    try {
      setDetail(await spamDetail(r.id));
    } catch {
      snackbar("ERROR", t("spam.mail434"));
    }
  }

  const toggle = (id: number, on: boolean) => setSelected((s) => {
    const n = new Set(s);
    if (on) n.add(id);
    else n.delete(id);
    return n;
  });
  const anySystem = chosen.some((r) => r.system);
  const totalPages = q.data?.totalPages ?? 0;

  return (
    <section className="spam-log" aria-labelledby="spam-log-title">
      <h3 id="spam-log-title">{t("spam.log.title")}</h3>
      <p className="spam-muted">{t("spam.log.hint")}</p>
      <div className="spam-actions" role="toolbar" aria-label={t("spam.log.actions")}>
        <Button variant="secondary" isDisabled={!chosen.length || anySystem} onPress={() => void act("recover", chosen)}>{t("spam.log.recover")}</Button>
        <Button variant="secondary" isDisabled={!chosen.length || anySystem} onPress={() => void act("allow", chosen)}>{t("spam.log.allow")}</Button>
        <Button variant="danger" isDisabled={!chosen.length} onPress={() => void act("delete", chosen)}>{t("spam.log.delete")}</Button>
        {anySystem && <span className="spam-muted">{errorText("mail.system_blocked")}</span>}
      </div>
      {q.isError && <p role="alert" className="field-error">{errorText("common.500")}</p>}
      {q.data && rows.length === 0 && <p className="spam-muted">{t("spam.log.empty")}</p>}
      {rows.length > 0 && (
        <table className="spam-table">
          <thead>
            <tr>
              <th scope="col"><span className="visually-hidden">{t("spam.log.select")}</span></th>
              <th scope="col">{t("spam.log.from")}</th>
              <th scope="col">{t("spam.log.subject")}</th>
              <th scope="col">{t("spam.log.pattern")}</th>
              <th scope="col">{t("spam.log.size")}</th>
              <th scope="col">{t("spam.log.date")}</th>
              <th scope="col">{t("spam.log.status")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <Checkbox isSelected={selected.has(r.id)} onChange={(on) => toggle(r.id, on)}>
                    <span className="visually-hidden">{t("spam.log.selectNamed", { from: r.adrFrom, subject: r.subject })}</span>
                  </Checkbox>
                </td>
                <td>{r.adrFrom}</td>
                <td>
                  <Button variant="ghost" className="spam-subject" onPress={() => void open(r)}>{r.subject || t("spam.log.noSubject")}</Button>
                </td>
                <td>{r.system ? `${r.pattern} (${t("spam.company")})` : r.pattern}</td>
                <td>{size(r.msgSize)}</td>
                <td>{when(r.insertDate)}</td>
                <td>{t(`spam.status.${r.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {totalPages > 1 && (
        <nav className="spam-pager" aria-label={t("spam.log.pages")}>
          <Button variant="ghost" isDisabled={page === 0} onPress={() => setPage(page - 1)}>{t("spam.log.prev")}</Button>
          <span>{page + 1} / {totalPages}</span>
          <Button variant="ghost" isDisabled={page + 1 >= totalPages} onPress={() => setPage(page + 1)}>{t("spam.log.next")}</Button>
        </nav>
      )}
      <Dialog title={t("spam.detail.title")} isOpen={!!detail} onClose={() => setDetail(null)} width={520}>
        {detail && (
          <div className="spam-detail">
            <dl>
              <dt>{t("spam.log.from")}</dt><dd>{detail.mail ? `${detail.mail.fromName} <${detail.mail.fromAddress}>` : detail.adrFrom}</dd>
              {detail.mail && <><dt>{t("spam.detail.to")}</dt><dd>{detail.mail.to.map((a) => a.address).join(", ")}</dd></>}
              <dt>{t("spam.log.subject")}</dt><dd>{detail.mail?.subject ?? detail.subject}</dd>
              <dt>{t("spam.log.pattern")}</dt><dd>{detail.pattern}</dd>
              <dt>{t("spam.log.size")}</dt><dd>{size(detail.msgSize)}</dd>
              <dt>{t("spam.log.date")}</dt><dd>{when(detail.insertDate)}</dd>
              {detail.mail?.sentAt && <><dt>{t("spam.detail.sent")}</dt><dd>{when(detail.mail.sentAt)}</dd></>}
              <dt>{t("spam.log.status")}</dt><dd>{t(`spam.status.${detail.status}`)}</dd>
            </dl>
            {!detail.mail && <p className="spam-muted">{t("spam.detail.gone")}</p>}
            <p className="spam-muted">{t("spam.detail.noContent")}</p>
            <div className="spam-detail-actions">
              {!detail.system && detail.mail && detail.status === "BLOCKED" && (
                <>
                  <Button onPress={() => void act("recover", [detail])}>{t("spam.log.recover")}</Button>
                  <Button variant="secondary" onPress={() => void act("allow", [detail])}>{t("spam.log.allow")}</Button>
                </>
              )}
              {detail.system && <span className="spam-muted">{errorText("mail.system_blocked")}</span>}
              <Button variant="ghost" onPress={() => setDetail(null)}>{t("spam.detail.close")}</Button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}
