import { Moon, Sun } from 'lucide-react';
import { t } from '#web/lib/i18n/t';
import { useTheme } from '#web/lib/theme';
import { Button } from './ui/button';

/**
 * The icon is the theme a press switches to: a moon in light, a sun in dark. It is chosen by the `dark`
 * class theme-init.js puts on <html> before first paint, not by React's state, so a page the server drew
 * (which cannot know the stored theme) shows the same icon as one the browser drew, before its code runs.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={t('shell.toggleTheme')}
      aria-pressed={theme === 'dark'}
      title={t('shell.toggleThemeTitle')}
      onClick={toggleTheme}
      className={className}
    >
      <Moon className="size-5 dark:hidden" aria-hidden="true" />
      <Sun className="hidden size-5 dark:block" aria-hidden="true" />
    </Button>
  );
}
