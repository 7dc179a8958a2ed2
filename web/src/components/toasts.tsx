import { Toaster } from 'sonner';
import { TOASTS } from '@/config/constants.ts';
import { uiMessages } from '@/components/common.messages.ts';
import { useMessages } from '@/lib/messages.ts';
import { useTheme } from '@/lib/theme-context.ts';

export function Toasts() {
  const t = useMessages(uiMessages);
  const { resolvedTheme } = useTheme();
  // Width (356) and swipe threshold (45) are sonner's fixed values and match SPEC §9.
  return (
    <Toaster
      theme={resolvedTheme}
      richColors
      closeButton
      duration={TOASTS.durationMs}
      visibleToasts={TOASTS.visible}
      gap={TOASTS.gapPx}
      containerAriaLabel={t.notifications}
      toastOptions={{ closeButtonAriaLabel: t.closeNotification }}
    />
  );
}
