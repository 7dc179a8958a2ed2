interface ImportMetaEnv {
  /** Set by the build from WEBPAY_RELEASE (vite.config.ts). */
  readonly WEBPAY_RELEASE: string;
}
