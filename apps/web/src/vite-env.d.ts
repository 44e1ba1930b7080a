/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_IMAGE_BASE?: string;
  readonly VITE_MONITOR_HOSTS_PRIMARY?: string;
  readonly VITE_MONITOR_HOSTS_SECONDARY?: string;
}
