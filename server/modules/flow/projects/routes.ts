// Calls of flow's projects/ (shared/flow/projects.ts): the tree (folders), create, change, delete, my, all, one.
// Ids are numeric ({[0-9]+}), so projects/my and projects/all never reach projects/{id}.
import { Hono } from "hono";
import { projectBody, projectsAllQuery, projectsMyQuery } from "../../../../shared/flow/projects.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, query } from "../../../lib/validate.ts";
import { folders } from "./folders.ts";
import { projectIdParam } from "./params.ts";
import { allProjects, createProject, deleteProject, myProjects, oneProject, updateProject } from "./service.ts";

export function projectRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/folders", async (c) => c.json(await folders(callerOf(c))));
  r.post("/projects", async (c) => c.json(await createProject(callerOf(c), await body(c, projectBody)), 201));
  r.get("/projects/my", async (c) => c.json(await myProjects(callerOf(c), query(c, projectsMyQuery))));
  r.get("/projects/all", async (c) => c.json(await allProjects(callerOf(c), query(c, projectsAllQuery))));
  r.get("/projects/:id", async (c) => c.json(await oneProject(callerOf(c), projectIdParam(c))));
  r.put("/projects/:id", async (c) => {
    const id = projectIdParam(c);
    return c.json(await updateProject(callerOf(c), id, await body(c, projectBody)));
  });
  r.delete("/projects/:id", async (c) => {
    await deleteProject(callerOf(c), projectIdParam(c));
    return c.body(null, 204);
  });
  return r;
}
