// The editors a cell opens in its popover, by column type: PERSON (the board's people, several at once, a
// filter field), STATUS (the column's labels), TIMELINE (start and end days), LINK (address and text). Each
// hands the new value to onSave (null clears) and closes with onClose.
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListBox, ListBoxItem, type Selection } from "react-aria-components";
import type { HeaderColumn, OrganUser } from "@shared/todo/boards.ts";
import type { CellValue } from "@shared/todo/items.ts";
import { LINK_URL_MAX, TEXT_VALUE_MAX } from "@shared/todo/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { Avatar } from "./People.tsx";
import { StatusChip } from "./StatusChip.tsx";
import { asLink, asPeople, asText, asTimeline, parseUrl } from "./cell-value.ts";

export interface EditorProps {
  column: HeaderColumn;
  /** The column's name as shown. */
  name: string;
  value: CellValue | undefined;
  users: readonly OrganUser[];
  onSave(v: CellValue): void;
  onClose(): void;
}

function Actions({ onClear, submit = true }: { onClear(): void; submit?: boolean }) {
  const { t } = useTranslation("todo");
  return (
    <div className="tt-editor-actions">
      <Button variant="ghost" onPress={onClear}>{t("cells.clear")}</Button>
      {submit && <Button type="submit">{t("cells.save")}</Button>}
    </div>
  );
}

export function PersonEditor({ name, value, users, onSave, onClose }: EditorProps) {
  const { t } = useTranslation("todo");
  const [chosen, setChosen] = useState(() => new Set(asPeople(value)));
  const [filter, setFilter] = useState("");
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? users.filter((u) => u.name.toLowerCase().includes(f) || u.email.toLowerCase().includes(f) || (u.organName ?? "").toLowerCase().includes(f)) : users;
  }, [users, filter]);
  const change = (keys: Selection) => {
    const next = keys === "all" ? new Set(users.map((u) => u.id)) : new Set([...keys].map(Number));
    // Keys not shown (filtered out) stay chosen.
    for (const id of chosen) if (!shown.some((u) => u.id === id)) next.add(id);
    setChosen(next);
    onSave(next.size ? [...next] : null);
  };
  return (
    <div className="tt-editor">
      {users.length > 6 && <TextField label={t("cells.person.filter")} value={filter} onChange={setFilter} autoFocus />}
      {shown.length === 0
        ? <p className="tt-muted">{t("cells.person.none")}</p>
        : (
          <ListBox aria-label={name} className="menu tt-editor-list" selectionMode="multiple" selectedKeys={[...chosen].filter((id) => shown.some((u) => u.id === id))}
            onSelectionChange={change} items={shown} autoFocus={users.length <= 6}>
            {(u) => (
              <ListBoxItem id={u.id} textValue={u.name} className="menu-item">
                {({ isSelected }) => (
                  <>
                    <span className="tt-person-option">
                      <Avatar user={u} />
                      <span>{u.name}{u.organName && <span className="tt-muted"> · {u.organName}</span>}</span>
                    </span>
                    {isSelected && <span aria-hidden="true">✓</span>}
                  </>
                )}
              </ListBoxItem>
            )}
          </ListBox>
        )}
      <div className="tt-editor-actions">
        <Button variant="ghost" onPress={() => (setChosen(new Set()), onSave(null))}>{t("cells.clear")}</Button>
        <Button onPress={onClose}>{t("cells.done")}</Button>
      </div>
    </div>
  );
}

export function StatusEditor({ column, name, value, onSave, onClose }: EditorProps) {
  const { t } = useTranslation("todo");
  const current = asText(value);
  return (
    <div className="tt-editor">
      {column.options.length === 0
        ? <p className="tt-muted">{t("cells.status.noLabels")}</p>
        : (
          <ListBox aria-label={name} className="menu tt-editor-list" selectionMode="single" selectedKeys={current ? [current] : []} autoFocus
            onSelectionChange={(keys) => {
              const label = keys === "all" ? null : ([...keys][0] as string | undefined) ?? null;
              onSave(label);
              onClose();
            }}>
            {column.options.map((o) => (
              <ListBoxItem key={o.label} id={o.label} textValue={o.label} className="menu-item">
                <StatusChip label={o.label} color={o.color} />
              </ListBoxItem>
            ))}
          </ListBox>
        )}
      <div className="tt-editor-actions">
        <Button variant="ghost" onPress={() => (onSave(null), onClose())}>{t("cells.clear")}</Button>
      </div>
    </div>
  );
}

export function TimelineEditor({ name, value, onSave, onClose }: EditorProps) {
  const { t } = useTranslation("todo");
  const v = asTimeline(value);
  const [start, setStart] = useState(v?.start ?? "");
  const [end, setEnd] = useState(v?.end ?? "");
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!start && !end) return (onSave(null), onClose());
    const s = start || end;
    const en = end || start;
    if (s > en) return setError(t("cells.timeline.order"));
    onSave({ start: s, end: en });
    onClose();
  };
  return (
    <form className="tt-editor" onSubmit={submit} aria-label={name}>
      <NativeField label={t("cells.timeline.start")} type="date" value={start} onChange={(x) => (setStart(x), setError(undefined))} autoFocus />
      <NativeField label={t("cells.timeline.end")} type="date" value={end} onChange={(x) => (setEnd(x), setError(undefined))} errorMessage={error} />
      <Actions onClear={() => (onSave(null), onClose())} />
    </form>
  );
}

export function LinkEditor({ name, value, onSave, onClose }: EditorProps) {
  const { t } = useTranslation("todo");
  const v = asLink(value);
  const [url, setUrl] = useState(v?.url ?? "");
  const [text, setText] = useState(v?.text ?? "");
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) return (onSave(null), onClose());
    const u = parseUrl(url);
    if (!u) return setError(t("cells.link.invalid"));
    onSave({ url: u, text: text.trim() });
    onClose();
  };
  return (
    <form className="tt-editor" onSubmit={submit} aria-label={name}>
      <TextField label={t("cells.link.url")} value={url} onChange={(x) => (setUrl(x), setError(undefined))} autoFocus inputMode="url" maxLength={LINK_URL_MAX}
        errorMessage={error} isInvalid={!!error} />
      <TextField label={t("cells.link.text")} value={text} onChange={setText} maxLength={TEXT_VALUE_MAX} />
      <Actions onClear={() => (onSave(null), onClose())} />
    </form>
  );
}
