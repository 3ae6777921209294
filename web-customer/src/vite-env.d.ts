/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' switches the whole site to the maintenance screen (SPEC §2); off unless set. */
  readonly VITE_MAINTENANCE?: string;
}
