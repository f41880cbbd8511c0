// The route files under app/ and the document's paths: which file serves a path of the OpenAPI
// document (its {id} is the folder [id]), and every route.ts as the URL path it serves.
import { readdirSync } from "node:fs";
import path from "node:path";

const APP = path.resolve(import.meta.dirname, "../../app");

/** The route.ts that serves a /v1 path of the document (`/v1/merchants/{id}`). */
export function routeFileOf(documentPath: string): string {
  return path.join(APP, documentPath.replace(/\{([^}]+)\}/g, "[$1]"), "route.ts");
}

/** Every route.ts under app/, as a URL path (route groups dropped) and its file. */
export function routeFiles(dir = APP, segments: string[] = []): { route: string; file: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      const segment = /^\(.*\)$/.test(entry.name) || entry.name.startsWith("@") ? [] : [entry.name];
      return routeFiles(path.join(dir, entry.name), [...segments, ...segment]);
    }
    return entry.name === "route.ts" ? [{ route: `/${segments.join("/")}`, file: path.join(dir, entry.name) }] : [];
  });
}
