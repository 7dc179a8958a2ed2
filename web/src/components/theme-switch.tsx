import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useTheme } from '@/lib/theme-context.ts';
import { themeMessages } from './common.messages.ts';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

const loadMenu = () => import('./theme-menu.tsx');
const ThemeMenu = lazy(() => loadMenu().then((module) => ({ default: module.ThemeMenu })));

/**
 * The theme button. Its menu (Radix and its positioning code) is fetched when
 * the pointer or focus reaches the button and shown once it is pressed, so
 * pages load without it.
 */
export function ThemeSwitch() {
  const t = useMessages(themeMessages);
  const { theme } = useTheme();
  const [menuWanted, setMenuWanted] = useState(false);
  const Icon = ICONS[theme];
  const prefetch = () => void loadMenu();
  const openWithKey = (event: KeyboardEvent) => {
    // The keys that open Radix's menu from its trigger.
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setMenuWanted(true);
    }
  };
  const button = (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t.current(t.names[theme])}
      aria-haspopup="menu"
      aria-expanded={menuWanted}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setMenuWanted(true)}
      onKeyDown={openWithKey}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
  if (!menuWanted) return button;
  return (
    <Suspense fallback={button}>
      <ThemeMenu />
    </Suspense>
  );
}
