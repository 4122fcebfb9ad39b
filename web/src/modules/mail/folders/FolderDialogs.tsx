// The folder tree's dialogs: a name (new folder, rename, saved-search name), a colour from the palette, and a
// tag (name and colour). Each validates as the server does (shared/mail/folders.ts) and shows the server's
// refusal as errorText(code) without closing.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { FOLDER_NAME_MAX, folderName, tagName } from "@shared/mail/folders.ts";
import { TAG_MAX_LENGTH } from "@shared/mail/constants.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";

export const PALETTE = [
  ["red", "#e53935"], ["orange", "#fb8c00"], ["yellow", "#f9a825"], ["green", "#43a047"], ["teal", "#00897b"],
  ["blue", "#1e88e5"], ["indigo", "#3949ab"], ["purple", "#8e24aa"], ["pink", "#d81b60"], ["brown", "#6d4c41"],
  ["gray", "#757575"],
] as const;


/** The code of the first rule a value breaks, by the server's own schema (its messages are error codes). */
function refusal(schema: typeof folderName | typeof tagName, value: string): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0].message;
}

/** A folder name: trimmed; `initial` unchanged or empty cancels a rename (onCancel), empty is refused for a new one. */
export function NameDialog({ title, label, initial = "", submitLabel, onSubmit, onClose }: {
  title: string;
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit(name: string): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation("mail");
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    const name = value.trim();
    if (initial && (name === "" || name === initial)) return onClose();
    const problem = refusal(folderName, name);
    if (problem) return setError(errorText(problem));
    setBusy(true);
    try {
      await onSubmit(name);
      onClose();
    } catch (e) {
      setError(errorText(codeOf(e)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} isOpen onClose={onClose}>
      <Form onSubmit={(e) => (e.preventDefault(), void submit())} className="mf-dialog-form">
        <TextField label={label} value={value} onChange={(v) => (setValue(v), setError(undefined))} errorMessage={error} autoFocus
          maxLength={FOLDER_NAME_MAX + 10} />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("folders.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{submitLabel}</Button>
        </div>
      </Form>
    </Dialog>
  );
}

/**
 * Colour swatches as a radio group (arrows move, the chosen one is checked); "none" clears. A colour the palette
 * does not have (set through the API or another client) gets a swatch of its own at the end, chosen at first, so
 * the dialog shows the colour as it is and saving untouched keeps it; it stays on offer while another is tried.
 */
export function Palette({ value, onChange, label }: { value: string | null; onChange(c: string | null): void; label: string }) {
  const { t } = useTranslation("mail");
  const same = (a: string | null, b: string | null) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();
  const [custom] = useState(() => (value && !PALETTE.some(([, c]) => same(c, value)) ? value : null));
  const options: [string, string | null][] = [["none", null], ...PALETTE.map(([n, c]) => [n, c] as [string, string])];
  if (custom) options.push(["custom", custom]);
  const nameOf = (name: string, color: string | null) => t(`folders.colorName.${name}`, { color });
  return (
    <div role="radiogroup" aria-label={label} className="mf-palette">
      {options.map(([name, color]) => {
        const checked = same(value, color);
        return (
          <button key={name} type="button" role="radio" aria-checked={checked} aria-label={nameOf(name, color)}
            title={nameOf(name, color)} className={`mf-swatch${color ? "" : " mf-swatch-none"}`}
            style={color ? { background: color } : undefined} tabIndex={checked || (!value && !color) ? 0 : -1}
            onClick={() => onChange(color)}
            onKeyDown={(e) => {
              const i = options.findIndex(([, c]) => same(c, color));
              const step = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 0;
              if (!step) return;
              e.preventDefault();
              const next = options[(i + step + options.length) % options.length];
              onChange(next[1]);
              const group = e.currentTarget.parentElement!;
              requestAnimationFrame(() => (group.querySelector('[aria-checked="true"]') as HTMLElement | null)?.focus());
            }}>
            {checked && <span aria-hidden="true">✓</span>}
          </button>
        );
      })}
    </div>
  );
}

export function ColorDialog({ title, initial, onSubmit, onClose }: {
  title: string;
  initial: string | null;
  onSubmit(color: string): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation("mail");
  const [color, setColor] = useState<string | null>(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      await onSubmit(color ?? "");
      onClose();
    } catch (e) {
      setError(errorText(codeOf(e) === "common.500" ? "mail.450" : codeOf(e)));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog title={title} isOpen onClose={onClose}>
      <Palette value={color} onChange={setColor} label={t("folders.colorLabel")} />
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("folders.cancel")}</Button>
        <Button isDisabled={busy} onPress={() => void save()}>{t("folders.save")}</Button>
      </div>
    </Dialog>
  );
}

/** A tag's problem by the §5 rules, as an error code; undefined when it is fine. */
export function tagProblem(tag: string, existing: string[], current?: string): string | undefined {
  const problem = refusal(tagName, tag);
  if (problem) return problem;
  if (tag !== current && existing.includes(tag)) return "mail.tag_duplicate";
}

export function TagDialog({ title, initial, existing, onSubmit, onClose }: {
  title: string;
  initial?: { tag: string; color: string | null };
  existing: string[];
  /** Answers false to keep the dialog open (a confirm was declined). */
  onSubmit(tag: string, color: string | null): Promise<boolean | void>;
  onClose(): void;
}) {
  const { t } = useTranslation("mail");
  const [tag, setTag] = useState(initial?.tag ?? "");
  const [color, setColor] = useState<string | null>(initial?.color ?? null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    const name = tag.trim();
    const problem = tagProblem(name, existing, initial?.tag);
    if (problem) return setError(errorText(problem));
    setBusy(true);
    try {
      if ((await onSubmit(name, color)) !== false) onClose();
    } catch (e) {
      setError(errorText(codeOf(e)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} isOpen onClose={onClose}>
      <Form onSubmit={(e) => (e.preventDefault(), void submit())} className="mf-dialog-form">
        <TextField label={t("folders.tagName")} value={tag} onChange={(v) => (setTag(v), setError(undefined))} errorMessage={error}
          description={t("folders.tagRules", { max: TAG_MAX_LENGTH })} autoFocus />
        <Palette value={color} onChange={setColor} label={t("folders.colorLabel")} />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("folders.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("folders.save")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
