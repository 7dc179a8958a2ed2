import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { themeMessages } from './common.messages.ts';
import { useMessages } from '@/lib/messages.ts';
import { THEMES, type Theme } from '@/lib/theme.ts';
import { useTheme } from '@/lib/theme-context.ts';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** The theme button with its menu; loaded by ThemeSwitch when the guarantor first opens it. */
export function ThemeMenu() {
  const t = useMessages(themeMessages);
  const { theme, setTheme } = useTheme();
  const Icon = ICONS[theme];
  return (
    // Non-modal: a menu this small needs no scroll lock, so it adds no <style> element.
    // Open from the start: it is only mounted when the guarantor asked for it.
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t.current(t.names[theme])}>
          <Icon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t.theme}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          {THEMES.map((option) => {
            const OptionIcon = ICONS[option];
            return (
              <DropdownMenuRadioItem key={option} value={option}>
                <OptionIcon aria-hidden="true" />
                {t.names[option]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
