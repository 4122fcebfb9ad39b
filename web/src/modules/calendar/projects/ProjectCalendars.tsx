// The "Projects" group of the calendar tree (001 §3 "Project calendar", §7 api/calendar/project): the flow
// projects the user is a member of and chose to list, each with its colour on a checkbox (PATCH
// updateTreeStatus: the items show or hide at once, and come back with calendar.2 when the call fails) and a
// menu: colour (PUT update), take it out of the list (PUT subscribe). The + button chooses which projects are
// listed. Nothing shows when the user has no projects: the company does not use flow (001 §6), or they are a
// member of none.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Form, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { DEFAULT_CALENDAR_COLOR } from "@shared/calendar/constants.ts";
import type { ProjectCalendar } from "@shared/calendar/projects.ts";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { calendarErrorText, failed } from "../actions.ts";
import { textOn } from "../colors.ts";
import { ICONS } from "../Toolbar.tsx";
import { ColorPicker } from "../side/ColorPicker.tsx";
import * as projects from "./api.ts";

export function ProjectCalendars() {
  const { t } = useTranslation("calendar");
  const qc = useQueryClient();
  const list = useQuery(projects.projectsQuery).data ?? [];
  const [pending, setPending] = useState<Record<number, boolean>>({});
  const [coloring, setColoring] = useState<ProjectCalendar | null>(null);
  const [choosing, setChoosing] = useState(false);

  const setChecked = (id: number, on: boolean) =>
    qc.setQueryData<ProjectCalendar[]>(projects.projectKeys.list, (l) => l?.map((p) => (p.id === id ? { ...p, isChecked: on } : p)));
  const toggle = useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => projects.setProjectChecked(id, on),
    onMutate: ({ id, on }) => {
      setPending((p) => ({ ...p, [id]: on }));
      void qc.cancelQueries({ queryKey: projects.projectKeys.list });
      setChecked(id, on);
    },
    onError: (e, { id, on }) => {
      setChecked(id, !on);
      snackbar("ERROR", calendarErrorText(e, "calendar.2"));
    },
    onSettled: (_d, _e, { id }) => setPending(({ [id]: _, ...rest }) => rest),
  });

  async function unlist(p: ProjectCalendar) {
    try {
      const next = await projects.setListedProjects(list.filter((x) => x.isSubscribed && x.id !== p.id).map((x) => x.id));
      qc.setQueryData(projects.projectKeys.list, next);
      snackbar("SUCCESS", t("projects.unlisted", { title: p.title }));
    } catch (e) {
      failed(e);
      await qc.invalidateQueries({ queryKey: projects.projectKeys.list });
    }
  }

  if (!list.length) return null;
  const listed = list.filter((p) => p.isSubscribed);
  return (
    <section className="cal-tree-group" aria-labelledby="cal-tree-projects">
      <div className="cal-tree-head">
        <h3 id="cal-tree-projects" className="cal-tree-title">{t("projects.group")}</h3>
        <AriaButton className="cal-icon-btn cal-icon-sm" aria-label={t("projects.choose")} onPress={() => setChoosing(true)}>
          <SvgIcon d={ICONS.plus} size={16} />
        </AriaButton>
      </div>
      {!listed.length && <p className="cal-muted cal-tree-empty">{t("projects.noneListed")}</p>}
      <ul className="cal-tree-list">
        {listed.map((p) => (
          <li key={p.id} className="cal-tree-item" data-project-id={p.id}
            style={{ "--cal-color": p.color, "--cal-check": textOn(p.color) } as React.CSSProperties}>
            <Checkbox isSelected={pending[p.id] ?? p.isChecked} onChange={(on) => toggle.mutate({ id: p.id, on })} className="cal-tree-check">
              <span className="cal-tree-name" title={p.title}>{p.title}</span>
            </Checkbox>
            <MenuTrigger>
              <AriaButton className="cal-icon-btn cal-icon-sm cal-tree-more" aria-label={t("projects.menu", { title: p.title })}>
                <SvgIcon d={ICONS.more} size={16} />
              </AriaButton>
              <Popover className="menu-popover" placement="bottom end">
                <Menu className="menu" onAction={(k) => (k === "color" ? setColoring(p) : void unlist(p))}>
                  <MenuItem id="color" className="menu-item">{t("projects.color")}</MenuItem>
                  <MenuItem id="unlist" className="menu-item">{t("projects.unlist")}</MenuItem>
                </Menu>
              </Popover>
            </MenuTrigger>
          </li>
        ))}
      </ul>
      {coloring && <ColorDialog project={coloring} onClose={() => setColoring(null)} />}
      {choosing && <ChooseDialog list={list} onClose={() => setChoosing(false)} />}
    </section>
  );
}

/** The colour the user sees a project in. */
function ColorDialog({ project, onClose }: { project: ProjectCalendar; onClose(): void }) {
  const { t } = useTranslation("calendar");
  const qc = useQueryClient();
  const [color, setColor] = useState(project.color);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      const saved = await projects.setProjectColor(project.id, color);
      qc.setQueryData<ProjectCalendar[]>(projects.projectKeys.list, (l) => l?.map((p) => (p.id === saved.id ? saved : p)));
      snackbar("SUCCESS", t("projects.saved", { title: project.title }));
      onClose();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t("projects.colorTitle")} isOpen onClose={onClose} width={460}>
      <Form className="cal-form" onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}>
        <p className="cal-dialog-sub">{project.title}</p>
        <ColorPicker label={t("tree.colorLabel")} value={color} onChange={setColor}
          names={(c, i) => (c === DEFAULT_CALENDAR_COLOR ? t("tree.defaultColor") : t("tree.colorN", { n: i, code: c }))} />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("action.save")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}

/** Which of the user's projects the tree lists (PUT subscribe with exactly those). */
function ChooseDialog({ list, onClose }: { list: ProjectCalendar[]; onClose(): void }) {
  const { t } = useTranslation("calendar");
  const qc = useQueryClient();
  const [chosen, setChosen] = useState(() => new Set(list.filter((p) => p.isSubscribed).map((p) => p.id)));
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      qc.setQueryData(projects.projectKeys.list, await projects.setListedProjects([...chosen]));
      onClose();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t("projects.chooseTitle")} isOpen onClose={onClose} width={460}>
      <Form className="cal-form" onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}>
        <p className="cal-muted">{t("projects.chooseHint")}</p>
        <ul className="cal-tree-list cal-project-choices">
          {list.map((p) => (
            <li key={p.id} className="cal-tree-item" style={{ "--cal-color": p.color, "--cal-check": textOn(p.color) } as React.CSSProperties}>
              <Checkbox isSelected={chosen.has(p.id)} className="cal-tree-check" onChange={(on) =>
                setChosen((s) => {
                  const next = new Set(s);
                  if (on) next.add(p.id);
                  else next.delete(p.id);
                  return next;
                })}>
                <span className="cal-tree-name" title={p.title}>{p.title}</span>
              </Checkbox>
            </li>
          ))}
        </ul>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("action.save")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
