/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_BRAND_NAME?: string;
  readonly VITE_SITE_URL?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_ACCESSIBILITY_EMAIL?: string;
  readonly VITE_PRIVACY_EMAIL?: string;
  readonly VITE_SCHEDULER_URL?: string;
  readonly VITE_SECURITY_CONTACT?: string;
  readonly VITE_SECURITY_POLICY_URL?: string;
}
