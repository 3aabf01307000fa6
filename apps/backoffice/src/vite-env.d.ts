/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base of the app (spec: a build-time configuration). Defaults to `/api`. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
