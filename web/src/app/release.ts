/** SPEC §9: the build's release marker, said once when the portal starts. */
export const RELEASE = import.meta.env.WEBPAY_RELEASE;

export function logRelease(): void {
  console.info(`WebPay release ${RELEASE}`);
}
