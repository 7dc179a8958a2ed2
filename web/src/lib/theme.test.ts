import { describe, expect, it, vi } from 'vitest';
import {
  applyTheme,
  readStoredTheme,
  resolveTheme,
  THEME_STORAGE_KEY,
  writeStoredTheme,
} from './theme.ts';

describe('theme storage', () => {
  it('uses the key webpay-ui-theme', () => {
    expect(THEME_STORAGE_KEY).toBe('webpay-ui-theme');
  });

  it('defaults to light when nothing is stored', () => {
    expect(readStoredTheme()).toBe('light');
  });

  it('defaults to light when the stored value is not a theme', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readStoredTheme()).toBe('light');
  });

  it.each(['light', 'dark', 'system'] as const)('round-trips %s', (theme) => {
    writeStoredTheme(theme);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe(theme);
    expect(readStoredTheme()).toBe(theme);
  });

  it('falls back to light when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(readStoredTheme()).toBe('light');
  });
});

describe('theme application', () => {
  it('follows the system preference only for system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('puts the class dark on <html> and takes it off again', () => {
    applyTheme('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyTheme('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
