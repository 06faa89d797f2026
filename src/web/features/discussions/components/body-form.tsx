import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { DISCUSSION_BODY_MAX } from '#shared/schemas/discussions';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { apiErrorText, apiFieldErrors } from '#web/lib/form';
import { formatCount } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { cn } from '#web/lib/utils';

export const TEXTAREA_CLASS =
  'w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground ' +
  'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none md:text-sm';

/**
 * A question or a reply: plain text up to 5,000 characters, with its count; Ctrl+Enter (⌘+Enter on a
 * Mac) sends it. While it is sent the button waits; the server's refusal (too long, too many posts)
 * shows under the field and the text stays.
 */
export function BodyForm({
  label,
  submitLabel,
  placeholder,
  autoFocus = false,
  onSend,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Resolves once the server has the post; a rejection is shown. */
  onSend: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const fieldId = useId();
  const countId = useId();
  const errorId = useId();
  const isEmpty = body.trim() === '';

  const send = async () => {
    if (isEmpty || isSending) return;
    setSending(true);
    setError(null);
    try {
      await onSend(body);
      setBody('');
    } catch (failure) {
      setError(apiFieldErrors(failure).body ?? apiErrorText(failure, t('discussions.postFailed')));
    } finally {
      setSending(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-2">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={fieldId}
        value={body}
        maxLength={DISCUSSION_BODY_MAX}
        readOnly={isSending}
        // biome-ignore lint/a11y/noAutofocus: opened by pressing Reply, the field is where the learner goes next
        autoFocus={autoFocus}
        placeholder={placeholder}
        aria-describedby={cn(countId, error && errorId)}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
        className={cn(TEXTAREA_CLASS, 'min-h-24')}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id={countId} className="text-xs text-muted-foreground tabular-nums">
          {t('discussions.characters', { count: formatCount(body.length), max: formatCount(DISCUSSION_BODY_MAX) })}
          <span className="max-sm:hidden">{t('discussions.ctrlEnterSends')}</span>
        </p>
        <div className="flex gap-2">
          {onCancel ? (
            <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={isSending}>
              {t('discussions.cancel')}
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={isEmpty || isSending}>
            {isSending ? <Spinner /> : null}
            {submitLabel}
          </Button>
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
