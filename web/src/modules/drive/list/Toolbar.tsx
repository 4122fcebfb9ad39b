// The list's toolbar: the list's name and count, the search (2 characters or more, 001 §5), and the view's own
// controls: upload and new folder where the user may add, the recent view's window (any time, 7, 30, 90 days),
// emptying the trash.
import { useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { RECENT_WINDOWS, SEARCH_MIN_LENGTH, SPECIAL_FOLDERS } from "@shared/drive/constants.ts";
import type { DriveItem } from "@shared/drive/items.ts";
import { Button as AriaButton } from "react-aria-components";
import { SearchForm } from "../../../ui/SearchForm.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { ICONS } from "../icons.tsx";
import { type DriveAction, drivePaths } from "../params.ts";
import { useDriveUi } from "../ui-state.ts";
import { openUpload } from "../upload/store.ts";
import { emptyTrash } from "../actions.ts";
import type { ListContext } from "../list.route.tsx";

export function Toolbar({ ctx, title, total, action, onAction }: {
  ctx: ListContext;
  title: string;
  total?: number;
  action: DriveAction;
  onAction(a: DriveAction): void;
  roots?: DriveItem[];
}) {
  const { t } = useTranslation("drive");
  const navigate = useNavigate();
  const qc = useQueryClient();
  const ui = useDriveUi();
  function search(w: string): string | undefined {
    if ([...w].length < SEARCH_MIN_LENGTH) return t("errors.drive.search_too_short");
    void navigate(drivePaths.folder("search", 1, { searchWord: w }));
  }

  return (
    <div className="dr-toolbar">
      <h2 className="dr-list-title">
        <span className="dr-list-name">{title}</span>
        {total !== undefined && <span className="dr-list-total">{t("list.total", { count: total })}</span>}
      </h2>
      <SearchForm className="dr-search" prefix="dr" id="dr-search" word={action.searchWord} onSearch={search}
        label={t("search.label")} placeholder={t("search.placeholder")} submit={t("search.submit")} />
      <div className="dr-toolbar-end">
        {ctx.folderId === SPECIAL_FOLDERS.recent && (
          <div className="dr-window">
            <SelectField label={t("recent.window")} hideLabel value={String(action.days ?? 0)}
              onChange={(v) => onAction({ ...action, days: Number(v) || undefined })}
              options={RECENT_WINDOWS.map((d) => ({ id: String(d), label: d ? t("recent.days", { count: d }) : t("recent.any") }))} />
          </div>
        )}
        {ctx.writable && (
          <>
            <AriaButton className="dr-tool-btn" onPress={() => openUpload(ctx.folderId)}>
              <SvgIcon d={ICONS.upload} size={16} />
              <span>{t("upload.open")}</span>
            </AriaButton>
            <AriaButton className="dr-tool-btn" onPress={() => ui.open({ kind: "newFolder", parentId: ctx.folderId })}>
              <SvgIcon d={ICONS.plus} size={16} />
              <span>{t("folder.new")}</span>
            </AriaButton>
          </>
        )}
        {ctx.trash && (
          <AriaButton className="dr-tool-btn" isDisabled={total === 0} onPress={() => void emptyTrash(qc)}>{t("trash.empty")}</AriaButton>
        )}
      </div>
    </div>
  );
}
