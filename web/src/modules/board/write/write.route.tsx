// /board/write/{actionObj}: the post editor in the shell (WriteScreen).
import { createLazyRoute, useParams } from "@tanstack/react-router";
import { parseWriteAction } from "../paths.ts";
import { WriteScreen } from "./WriteScreen.tsx";

export const Route = createLazyRoute("/app/board/write/$actionObj")({ component: WriteRoute });

function WriteRoute() {
  const { actionObj } = useParams({ strict: false }) as { actionObj?: string };
  return <WriteScreen action={parseWriteAction(actionObj)} />;
}
