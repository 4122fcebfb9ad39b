// Making or editing a workspace (002 §3 "Workspace: title, emoji, color"; §5 "At most 5 workspaces per user"): the
// title, an emoji (or none) and a colour, both chosen from a row of radios (arrow keys). A new workspace past the
// limit shows "워크스페이스는 최대 5개까지 만들 수 있습니다." in the dialog (the server's 403 todo.workspaces_max,
// checked here first from the list); a made one opens.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Label, Radio, RadioGroup } from "react-aria-components";
import { GROUP_COLORS, WORKSPACE_TITLE_MAX, WORKSPACES_MAX } from "@shared/todo/constants.ts";
import type { TodoWorkspace } from "@shared/todo/workspaces.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { errorText } from "../../../lib/i18n.ts";
import { createWorkspace, updateWorkspace } from "../api.ts";
import { succeeded, todoErrorText } from "../errors.ts";
import { todoKeys, workspacesQuery } from "../queries.ts";
import { todoLinks } from "../side/links.ts";
import { rememberWorkspace } from "../side/location.ts";
import { WorkspaceAvatar } from "./WorkspaceAvatar.tsx";

const EMOJIS = ["", "🚀", "📌", "✅", "📅", "💡", "🎯", "📊", "🛠️", "📣", "🏠", "⭐"];

export function WorkspaceDialog({ ws, onClose }: { ws?: TodoWorkspace; onClose(): void }) {
  const { t } = useTranslation("todo");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery(workspacesQuery);
  const [title, setTitle] = useState(ws?.title ?? "");
  const [emoji, setEmoji] = useState(ws?.emoji ?? "");
  const [color, setColor] = useState<string>(ws?.color ?? GROUP_COLORS[0]);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const name = title.trim();
    if (!name) return setProblem(t("workspace.titleRequired"));
    const owned = (list.data ?? []).filter((w) => w.owner).length;
    if (!ws && owned >= WORKSPACES_MAX) return setProblem(errorText("todo.workspaces_max"));
    setBusy(true);
    setProblem("");
    try {
      const body = { title: name, emoji, color };
      const saved = ws ? await updateWorkspace(ws.id, body) : await createWorkspace(body);
      await qc.invalidateQueries({ queryKey: todoKeys.workspaces });
      succeeded(ws ? "workspace.updated" : "workspace.created", { carry: !ws, params: { title: saved.title } });
      onClose();
      if (!ws) {
        rememberWorkspace(saved.id);
        await navigate(todoLinks.workspace(saved.id));
      }
    } catch (e) {
      setProblem(todoErrorText(e, ws ? "workspace.updateFailed" : "workspace.createFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={ws ? t("workspace.editTitle") : t("workspace.newTitle")} isOpen onClose={onClose} width={460}>
      <Form className="td-form" onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}>
        <div className="td-ws-preview">
          <WorkspaceAvatar ws={{ title: title || "?", emoji, color }} size={40} />
          <span className="td-ws-preview-title">{title.trim() || t("workspace.titlePlaceholder")}</span>
        </div>
        <TextField label={t("workspace.title")} value={title} onChange={setTitle} maxLength={WORKSPACE_TITLE_MAX} autoFocus isRequired
          placeholder={t("workspace.titlePlaceholder")} />
        <RadioGroup className="td-choice" value={emoji} onChange={setEmoji} orientation="horizontal">
          <Label className="field-label">{t("workspace.emoji")}</Label>
          <div className="td-choice-row">
            {EMOJIS.map((e) => (
              <Radio key={e || "none"} value={e} className="td-choice-emoji" aria-label={e || t("workspace.noEmoji")}>
                {e || <span aria-hidden="true">∅</span>}
              </Radio>
            ))}
          </div>
        </RadioGroup>
        <RadioGroup className="td-choice" value={color} onChange={setColor} orientation="horizontal">
          <Label className="field-label">{t("workspace.color")}</Label>
          <div className="td-choice-row">
            {GROUP_COLORS.map((c, i) => (
              <Radio key={c} value={c} className="td-choice-color" aria-label={t("workspace.colorN", { n: i + 1 })}
                style={{ "--td-swatch": c } as React.CSSProperties} />
            ))}
          </div>
        </RadioGroup>
        {problem && <p className="td-problem" role="alert">{problem}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{ws ? t("common.save") : t("workspace.create")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
