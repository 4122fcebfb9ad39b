// Mail settings, tab 'rule' (000 §5 "Auto-sort rules"): the rules in the order they are tried (first match
// wins), each with its conditions and target folder; add and edit in a dialog, move up and down, select
// several and delete them after a confirm. At RULES_MAX the add button is off, with the reason beside it.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type MailRule, RULE_OPTIONS, RULES_MAX } from "@shared/mail/rules.ts";
import { confirm } from "../../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../../app/feedback/snackbar.tsx";
import { ApiError } from "../../../../lib/api.ts";
import { errorText } from "../../../../lib/i18n.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Checkbox } from "../../../../ui/Checkbox.tsx";
import { folderName } from "../../folders/folder-meta.ts";
import { findFolder, foldersQuery } from "../../queries.ts";
import { deleteRules, moveRule, rulesQuery } from "./api.ts";
import { RuleDialog } from "./RuleDialog.tsx";
import "./rules.css";

export function RuleSettings() {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const q = useQuery(rulesQuery);
  const tree = useQuery(foldersQuery);
  const [editing, setEditing] = useState<MailRule | "new" | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const rules = q.data ?? [];
  const full = rules.length >= RULES_MAX;
  const refresh = () => qc.invalidateQueries({ queryKey: rulesQuery.queryKey });

  async function move(index: number, delta: -1 | 1) {
    const rule = rules[index];
    const to = index + delta;
    if (!rule || to < 0 || to >= rules.length) return;
    setBusy(true);
    try {
      // Up: before the rule above. Down: before the rule two below, or to the end.
      const r = delta < 0 ? await moveRule(rule.id, rules[to].id, false)
        : to + 1 < rules.length ? await moveRule(rule.id, rules[to + 1].id, false) : await moveRule(rule.id, 0, true);
      qc.setQueryData(rulesQuery.queryKey, r.rules);
    } catch (e) {
      snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500"));
      void refresh();
    } finally {
      setBusy(false);
    }
  }

  async function removeSelected() {
    const ids = [...selected];
    if (!ids.length) return;
    if (!(await confirm({ message: t("rules.deleteConfirm", { count: ids.length }), confirmLabel: t("rules.delete"), danger: true }))) return;
    try {
      await deleteRules(ids);
      snackbar("SUCCESS", t("rules.deleted", { count: ids.length }));
      setSelected(new Set());
    } catch (e) {
      snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500"));
    }
    void refresh();
  }

  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };

  if (q.isError) return <p role="alert" className="field-error">{t("rules.loadFailed")}</p>;
  if (!q.data) return <p role="status" className="rule-muted">{t("rules.loading")}</p>;

  return (
    <div className="rule-settings">
      <p className="rule-muted">{t("rules.hint", { max: RULES_MAX })}</p>
      <div className="rule-toolbar">
        <Button isDisabled={full} onPress={() => setEditing("new")} aria-describedby="rule-count">{t("rules.add")}</Button>
        <Button variant="secondary" isDisabled={!selected.size} onPress={() => void removeSelected()}>
          {t("rules.deleteSelected", { count: selected.size })}
        </Button>
        <span className="rule-muted" id="rule-count">
          {full ? t("rules.limitReached", { max: RULES_MAX }) : t("rules.count", { count: rules.length, max: RULES_MAX })}
        </span>
      </div>
      {rules.length === 0 && <p className="rule-muted">{t("rules.empty")}</p>}
      <ol className="rule-list" aria-label={t("rules.heading")}>
        {rules.map((rule, i) => {
          const folder = findFolder(tree.data, rule.processOptions.folderId);
          const name = t("rules.ruleName", { n: i + 1 });
          return (
            <li key={rule.id} className="rule-item" data-rule-id={rule.id}>
              <Checkbox isSelected={selected.has(rule.id)} onChange={(on) => toggle(rule.id, on)}>
                <span className="visually-hidden">{t("rules.select", { name })}</span>
              </Checkbox>
              <span className="rule-order" aria-hidden="true">{i + 1}</span>
              <div className="rule-body">
                <dl className="rule-conds">
                  {RULE_OPTIONS.filter((k) => rule.conditionOptions[k]?.length).map((k) => (
                    <div key={k} className="rule-cond">
                      <dt>{t(`rules.option.${k}`)}</dt>
                      <dd>{rule.conditionOptions[k]!.join(", ")}</dd>
                    </div>
                  ))}
                </dl>
                <p className="rule-target">{t("rules.moveTo", { folder: folder ? folderName(folder, t) : "…" })}</p>
              </div>
              <span className="rule-actions">
                <Button variant="ghost" isDisabled={busy || i === 0} onPress={() => void move(i, -1)} aria-label={t("rules.moveUp", { name })}>↑</Button>
                <Button variant="ghost" isDisabled={busy || i === rules.length - 1} onPress={() => void move(i, 1)}
                  aria-label={t("rules.moveDown", { name })}>↓</Button>
                <Button variant="ghost" onPress={() => setEditing(rule)} aria-label={t("rules.editNamed", { name })}>{t("rules.edit")}</Button>
              </span>
            </li>
          );
        })}
      </ol>
      {editing && (
        <RuleDialog editing={editing === "new" ? null : editing} onClose={() => setEditing(null)}
          onSaved={(ignored) => {
            snackbar(ignored ? "INFO" : "SUCCESS", t(ignored ? "rules.ignored" : editing === "new" ? "rules.added" : "rules.saved", { max: RULES_MAX }));
            setEditing(null);
            void refresh();
          }} />
      )}
    </div>
  );
}
