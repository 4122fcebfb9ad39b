// The post's tags: the company's tags with their colours as a multi-select tag group (arrows move, Space
// toggles; at most TAGS_PER_POST), and "add a tag" inline — a name and a colour (POST config/tag), chosen at once.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Button as AriaButton, Dialog, DialogTrigger, Label, Popover, Radio, RadioGroup, Tag, TagGroup, TagList,
} from "react-aria-components";
import { TAG_COLORS, TAG_NAME_MAX, TAGS_PER_POST } from "@shared/board/constants.ts";
import type { BoardTag } from "@shared/board/config.ts";
import { ApiError } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { addTag } from "../api.ts";
import { boardKeys } from "../queries.ts";

/** Names of TAG_COLORS, in order (board:write.tags.colors.*). */
const COLOR_NAMES = ["red", "orange", "yellow", "green", "teal", "cyan", "blue", "indigo", "violet", "purple", "pink", "gray"];

export function TagPicker({ tags, value, onChange }: { tags: BoardTag[]; value: number[]; onChange(ids: number[]): void }) {
  const { t } = useTranslation("board");
  const full = value.length >= TAGS_PER_POST;
  return (
    <div className="bw-tags">
      {tags.length
        ? (
          <TagGroup selectionMode="multiple" selectedKeys={value.map(String)} className="bw-tag-group"
            disabledKeys={full ? tags.filter((g) => !value.includes(g.id)).map((g) => String(g.id)) : []}
            onSelectionChange={(keys) => keys !== "all" && onChange([...keys].map(Number))}>
            <Label className="field-label">{t("write.tags.label")}</Label>
            <TagList className="bw-tag-list">
              {tags.map((g) => (
                <Tag key={g.id} id={String(g.id)} textValue={g.name} className="bw-tag" style={{ "--tag-color": g.color } as React.CSSProperties}>
                  <span className="bw-tag-dot" aria-hidden="true" />
                  {g.name}
                </Tag>
              ))}
            </TagList>
          </TagGroup>
        )
        : (
          // An empty react-aria TagGroup marks a plain group multiselectable (axe: aria-allowed-attr).
          <div className="bw-tag-group">
            <span className="field-label">{t("write.tags.label")}</span>
            <span className="bw-muted">{t("write.tags.none")}</span>
          </div>
        )}
      <NewTag onAdded={(tag) => !full && onChange([...value, tag.id])} />
      {full && <span className="bw-muted">{t("write.tags.max", { max: TAGS_PER_POST })}</span>}
    </div>
  );
}

function NewTag({ onAdded }: { onAdded(tag: BoardTag): void }) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const [name, setName] = useState("");
  const [color, setColor] = useState<string>(TAG_COLORS[6]);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function save(close: () => void) {
    if (!name.trim()) return setError(t("write.tags.nameRequired"));
    setBusy(true);
    try {
      const tag = await addTag({ name: name.trim(), color });
      await qc.invalidateQueries({ queryKey: boardKeys.config });
      onAdded(tag);
      setName("");
      setError(undefined);
      close();
    } catch (e) {
      const code = e instanceof ApiError ? e.code : "";
      if (code === "board.tag_exists") setError(t("write.tags.exists"));
      else snackbar("ERROR", t(code === "board.tags_max" ? "write.tags.tooMany" : "write.tags.addFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <DialogTrigger onOpenChange={(o) => !o && setError(undefined)}>
      <AriaButton className="btn btn-ghost bw-small">{t("write.tags.add")}</AriaButton>
      <Popover className="menu-popover bw-tag-popover" placement="bottom start">
        <Dialog className="bw-tag-dialog" aria-label={t("write.tags.addTitle")}>
          {({ close }) => (
            <form onSubmit={(e) => {
              // A portal's submit reaches the post form through React: keep it here.
              e.preventDefault();
              e.stopPropagation();
              void save(close);
            }}>
              <TextField label={t("write.tags.name")} value={name} onChange={(v) => (setName(v), setError(undefined))} autoFocus
                maxLength={TAG_NAME_MAX} errorMessage={error} isInvalid={!!error} />
              <RadioGroup value={color} onChange={setColor} orientation="horizontal" className="bw-colors">
                <Label className="field-label">{t("write.tags.color")}</Label>
                <div className="bw-color-list">
                  {TAG_COLORS.map((c, i) => (
                    <Radio key={c} value={c} className="bw-color" aria-label={t(`write.tags.colors.${COLOR_NAMES[i]}`)}>
                      <span className="bw-color-swatch" style={{ background: c }} aria-hidden="true" />
                    </Radio>
                  ))}
                </div>
              </RadioGroup>
              <div className="dialog-actions">
                <Button variant="secondary" onPress={close}>{t("write.cancel")}</Button>
                <Button type="submit" isDisabled={busy}>{t("write.tags.save")}</Button>
              </div>
            </form>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
