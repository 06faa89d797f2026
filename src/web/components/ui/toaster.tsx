import { CircleAlert, CircleCheckBig, Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { directionOf } from '#shared/i18n/locales';
import { useToast } from '#web/hooks/use-toast';
import { currentLocale } from '#web/lib/i18n/locale';
import { t } from '#web/lib/i18n/t';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

const icons = { default: Info, success: CircleCheckBig, destructive: CircleAlert } as const;

/** Renders the toast store. Radix defaults kept: F8 focuses the region, a swipe of 50 px towards the end dismisses. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const announcer = useAnnouncerRoot();

  return (
    <ToastProvider
      label={t('shell.notification')}
      duration={5000}
      swipeDirection={directionOf(currentLocale()) === 'rtl' ? 'left' : 'right'}
      swipeThreshold={50}
      announcerContainer={announcer}
    >
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => {
        const Icon = icons[variant];
        return (
          <Toast
            key={id}
            open={open}
            variant={variant}
            duration={duration}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            className={variant}
            onOpenChange={(isOpen) => {
              if (!isOpen) dismiss(id);
            }}
          >
            <Icon
              className={variant === 'success' ? 'mt-0.5 size-5 shrink-0 text-success' : 'mt-0.5 size-5 shrink-0 opacity-80'}
              aria-hidden="true"
            />
            <div className="grid min-w-0 gap-1">
              <ToastTitle>{title}</ToastTitle>
              {description ? <ToastDescription>{description}</ToastDescription> : null}
            </div>
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport label={t('shell.notificationsRegion', { hotkey: 'F8' })} />
    </ToastProvider>
  );
}

/**
 * Radix announces each toast by copying its text into a visually hidden live region for about a
 * second. Kept in a closed shadow root, screen readers still hear it, but text queries (users'
 * find-in-page, automated tests) see the toast text once instead of twice.
 */
function useAnnouncerRoot(): ShadowRoot | undefined {
  const [root, setRoot] = useState<ShadowRoot>();
  useEffect(() => {
    const host = document.createElement('div');
    host.dataset.toastAnnouncer = '';
    document.body.appendChild(host);
    setRoot(host.attachShadow({ mode: 'closed' }));
    return () => host.remove();
  }, []);
  return root;
}
