// The upload dialog of 001 §3, §4: a drop zone and pickers (files, or a folder with its structure), the files
// sent one after another with each one's progress, the time left in hours, minutes and seconds; it can be
// minimised into a bar at the bottom (snackbar-like) and opened again. Closing it while anything is under 100%
// cancels that; an item can be cancelled alone. Refusals show their reason: drive.74 with the largest size,
// drive.73 / 507 as capacity exceeded.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, FileTrigger, ProgressBar } from "react-aria-components";
import { formatBytes } from "../../../lib/bytes.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { ICONS } from "../icons.tsx";
import { driveErrorText } from "../errors.ts";
import { cancel, closeAll, enqueue, pending, remainingSeconds, setMinimised, type UploadItem, useUploads } from "./store.ts";
import { fromDrop, fromPicker } from "./walk.ts";

/** 3725 s → { h: 1, m: 2, s: 5 }. */
export function hms(total: number) {
  return { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

function useNow(active: boolean) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

function useSummary() {
  const { t, i18n } = useTranslation("drive");
  const s = useUploads();
  const live = s.items.filter((i) => !i.outcome);
  const sending = live.some((i) => i.status === 1);
  const now = useNow(sending);
  const size = live.reduce((n, i) => n + i.size, 0);
  const loaded = live.reduce((n, i) => n + (i.status === 2 ? i.size : i.loaded), 0);
  const percent = size ? Math.floor((loaded / size) * 100) : live.length && live.every((i) => i.status === 2) ? 100 : 0;
  const secs = sending ? remainingSeconds(s, now) : null;
  const left = secs === null ? "" : (() => {
    const { h, m, s: sec } = hms(secs);
    return t("upload.left", { time: [h && t("upload.h", { n: h }), (h || m) && t("upload.m", { n: m }), t("upload.s", { n: sec })].filter(Boolean).join(" ") });
  })();
  const done = live.filter((i) => i.status === 2).length;
  return { s, live, sending, percent, left, done, total: live.length, bytes: formatBytes(size, i18n.language) };
}

export function UploadDialog() {
  const { t } = useTranslation("drive");
  const sum = useSummary();
  const { s } = sum;
  const [over, setOver] = useState(false);
  if (!s.open || s.target === null) return null;
  const target = s.target;
  if (s.minimised) return <UploadBar />;

  return (
    <Dialog title={t("upload.title")} isOpen onClose={closeAll} width={560}>
      <div className="dr-upload">
        <div
          className="dr-drop"
          data-over={over || undefined}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            void fromDrop(e.dataTransfer).then((files) => files.length && enqueue(target, files));
          }}
        >
          <SvgIcon d={ICONS.upload} size={28} />
          <p>{t("upload.drop")}</p>
          <div className="dr-drop-buttons">
            <FileTrigger allowsMultiple onSelect={(l) => l && l.length && enqueue(target, fromPicker(l))}>
              <Button variant="secondary">{t("upload.pickFiles")}</Button>
            </FileTrigger>
            <FileTrigger acceptDirectory onSelect={(l) => l && l.length && enqueue(target, fromPicker(l))}>
              <Button variant="secondary">{t("upload.pickFolder")}</Button>
            </FileTrigger>
          </div>
        </div>
        {s.items.length > 0 && (
          <>
            <p className="dr-upload-summary" aria-live="polite">
              {t("upload.summary", { done: sum.done, total: sum.total, percent: sum.percent })}
              {sum.left && <span className="dr-upload-left"> · {sum.left}</span>}
            </p>
            <ul className="dr-upload-list" aria-label={t("upload.files")}>
              {s.items.map((i) => <Row key={i.key} item={i} />)}
            </ul>
          </>
        )}
        <div className="dialog-actions">
          <Button variant="ghost" onPress={() => setMinimised(true)} isDisabled={!pending(s.items).length}>{t("upload.minimise")}</Button>
          <Button variant={pending(s.items).length ? "danger" : "primary"} onPress={closeAll}>
            {pending(s.items).length ? t("upload.cancelAll") : t("common:action.close")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function Row({ item }: { item: UploadItem }) {
  const { t, i18n } = useTranslation("drive");
  const state = item.outcome === "cancelled"
    ? t("upload.cancelled")
    : item.outcome
    ? driveErrorText(item.outcome)
    : t(`upload.status.${item.status}`);
  return (
    <li className="dr-upload-item" data-status={item.status} data-failed={item.outcome ? true : undefined}>
      <div className="dr-upload-line">
        <span className="dr-upload-name" title={item.dir ? `${item.dir}/${item.name}` : item.name}>{item.dir ? `${item.dir}/` : ""}{item.name}</span>
        <span className="dr-upload-size">{formatBytes(item.size, i18n.language)}</span>
        {item.status !== 2 && !item.outcome && (
          <AriaButton className="dr-icon-btn dr-icon-sm" aria-label={t("upload.cancelOne", { name: item.name })} onPress={() => cancel(item.key)}>
            <SvgIcon d={ICONS.close} size={14} />
          </AriaButton>
        )}
      </div>
      <ProgressBar className="dr-progress" value={item.progress} aria-label={t("upload.progressOf", { name: item.name })}>
        <div className="dr-progress-track"><div className="dr-progress-fill" style={{ width: `${item.progress}%` }} /></div>
      </ProgressBar>
      <span className="dr-upload-state" role={item.outcome && item.outcome !== "cancelled" ? "alert" : undefined}>{state}</span>
    </li>
  );
}

/** The minimised dialog: a bar at the bottom with the overall progress; it opens the dialog again. */
function UploadBar() {
  const { t } = useTranslation("drive");
  const sum = useSummary();
  return (
    <div className="dr-upload-bar" role="region" aria-label={t("upload.title")}>
      <span className="dr-upload-bar-text" aria-live="polite">
        {t("upload.summary", { done: sum.done, total: sum.total, percent: sum.percent })}
        {sum.left && ` · ${sum.left}`}
      </span>
      <AriaButton className="dr-bar-btn" onPress={() => setMinimised(false)}>{t("upload.expand")}</AriaButton>
      <AriaButton className="dr-bar-btn" onPress={closeAll}>{pending(sum.s.items).length ? t("upload.cancelAll") : t("common:action.close")}</AriaButton>
    </div>
  );
}
