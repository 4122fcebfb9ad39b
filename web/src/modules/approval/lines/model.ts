// The line editor's model: a chosen line (a user or a department, with its type), its group and order, and the
// conversions from the server's ApprovalLine and to the lineInput the calls take. Order is the position within
// the group (sortOrder 1, 2, ...: 002 §5 "a new line gets the last sort order in its group plus one").
import { GROUP_OF, LINE_GROUPS, ORGAN_LINE_TYPES } from "@shared/approval/constants.ts";
import type { LineGroup, LineType } from "@shared/approval/constants.ts";
import type { ApprovalLine, LineInput } from "@shared/approval/lines.ts";

export interface EditorLine {
  type: LineType;
  /** Set for user lines. */
  userId: number | null;
  /** The department: of an organ line, or the one a user acts for (null: the user's main one). */
  organId: number | null;
  name: string;
  /** A user's department or position, shown beside the name. */
  detail: string | null;
}

export const isOrganType = (t: LineType) => (ORGAN_LINE_TYPES as readonly LineType[]).includes(t);
export const keyOf = (l: EditorLine) => (isOrganType(l.type) ? `ORGAN_${l.organId}` : `USER_${l.userId}`);

export function fromApprovalLine(l: ApprovalLine): EditorLine {
  const a = l.approver;
  return a.isOrgan
    ? { type: l.type, userId: null, organId: a.organId, name: a.organName ?? "", detail: null }
    : { type: l.type, userId: a.userId, organId: a.organId, name: a.userName ?? "", detail: [a.organName, a.position].filter(Boolean).join(" · ") || null };
}

/** The lines in group order (APPROVAL, RECEIVE, CC, SHARE), each group in its own order. */
export function byGroup(lines: EditorLine[]): Record<LineGroup, EditorLine[]> {
  const out = Object.fromEntries(LINE_GROUPS.map((g) => [g, [] as EditorLine[]])) as Record<LineGroup, EditorLine[]>;
  for (const l of lines) out[GROUP_OF[l.type]].push(l);
  return out;
}

/** Sorts the server's lines by group and sortOrder into editor lines. */
export function fromApprovalLines(lines: ApprovalLine[]): EditorLine[] {
  const sorted = [...lines].sort((a, b) =>
    LINE_GROUPS.indexOf(GROUP_OF[a.type]) - LINE_GROUPS.indexOf(GROUP_OF[b.type]) || a.sortOrder - b.sortOrder);
  return sorted.map(fromApprovalLine);
}

/** The flat list in group order, as it is sent and validated. */
export const flatten = (lines: EditorLine[]) => LINE_GROUPS.flatMap((g) => byGroup(lines)[g]);

export function toLineInputs(lines: EditorLine[]): LineInput[] {
  const groups = byGroup(lines);
  return LINE_GROUPS.flatMap((g) =>
    groups[g].map((l, i) => ({
      type: l.type,
      sortOrder: i + 1,
      userId: isOrganType(l.type) ? null : l.userId,
      organId: l.organId,
    }))
  );
}

/** Moves a line up (-1) or down (+1) within its group. */
export function move(lines: EditorLine[], line: EditorLine, by: -1 | 1): EditorLine[] {
  const flat = flatten(lines);
  const group = flat.filter((l) => GROUP_OF[l.type] === GROUP_OF[line.type]);
  const i = group.indexOf(line), j = i + by;
  if (i < 0 || j < 0 || j >= group.length) return flat;
  [group[i], group[j]] = [group[j], group[i]];
  return LINE_GROUPS.flatMap((g) => (g === GROUP_OF[line.type] ? group : flat.filter((l) => GROUP_OF[l.type] === g)));
}

/** Changes a line's type; a change of group puts it last in the new group. Users and departments keep their kind. */
export function retype(lines: EditorLine[], line: EditorLine, type: LineType): EditorLine[] {
  if (isOrganType(type) !== isOrganType(line.type)) return lines;
  const next = { ...line, type };
  const rest = flatten(lines).filter((l) => l !== line);
  if (GROUP_OF[type] === GROUP_OF[line.type]) return flatten(lines).map((l) => (l === line ? next : l));
  return flatten([...rest, next]);
}
