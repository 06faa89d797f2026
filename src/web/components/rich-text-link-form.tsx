import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { isAllowedHref } from '#shared/rich-text';
import { t } from '#web/lib/i18n/t';
import { Button } from './ui/button';
import { Input } from './ui/input';

/** "example.com/x" becomes "https://example.com/x"; an address with a scheme is left as typed. */
function withScheme(href: string): string {
  const trimmed = href.trim();
  if (!trimmed || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

/**
 * The editor's link row: the address of the selected text's link. Only web and mail addresses, the
 * stored-HTML rule (src/shared/rich-text.ts), so what is applied here is what learners get.
 */
export function LinkForm({
  id,
  initialHref,
  onApply,
  onCancel,
}: {
  id: string;
  initialHref: string;
  /** '' removes the link. */
  onApply: (href: string) => void;
  onCancel: () => void;
}) {
  const [href, setHref] = useState(initialHref);
  const [error, setError] = useState('');
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = withScheme(href);
    if (address && !isAllowedHref(address)) {
      setError(t('shell.linkInvalid'));
      return;
    }
    onApply(address);
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };

  return (
    // Not a nested <form>: the editor sits inside the slide dialog's form.
    // biome-ignore lint/a11y/useSemanticElements: a <form> cannot nest in the dialog's form
    <div
      id={id}
      role="group"
      aria-label={t('shell.link')}
      onKeyDown={closeOnEscape}
      className="flex flex-wrap items-end gap-2 border-b border-input bg-muted/20 p-2"
    >
      <div className="grid min-w-48 flex-1 gap-1">
        <label htmlFor={inputId} className="text-xs font-medium">
          {t('shell.linkAddress')}
        </label>
        <Input
          id={inputId}
          value={href}
          autoFocus
          inputMode="url"
          placeholder={t('shell.linkPlaceholder')}
          dir="ltr"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setHref(event.target.value);
            setError('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit(event);
          }}
          className="h-8 text-sm"
        />
      </div>
      <Button type="button" size="sm" onClick={submit}>
        {t('shell.applyLink')}
      </Button>
      {initialHref ? (
        <Button type="button" size="sm" variant="outline" onClick={() => onApply('')}>
          {t('shell.removeLink')}
        </Button>
      ) : null}
      <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      {error ? (
        <p id={errorId} role="alert" className="basis-full text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
