/** Where the server mounts the API, and the app's default API base (`VITE_API_URL` overrides it). */
export const API_BASE = '/api';

/** `/users/edit_user/:id` + `{ id: 7 }` → `/users/edit_user/7` (each value URI-encoded). No zod here. */
export function buildApiPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Falta el parámetro "${name}" de ${path}`);
    return encodeURIComponent(String(value));
  });
}
