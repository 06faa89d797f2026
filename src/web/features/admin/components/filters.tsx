import { Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { t } from '#web/lib/i18n/t';

export const SELECT_CLASS =
  'h-10 rounded-lg border border-input bg-background px-3 text-base text-foreground shadow-xs md:text-sm ' +
  'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none';

/** A row of filters above a list; wraps on a phone. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-wrap items-end gap-3">{children}</div>;
}

/** A labelled choice of one filter, "All" (an empty value) first. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={SELECT_CLASS}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : (event.target.value as V))}
      >
        <option value="">{t('admin.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A search box that searches when submitted (Enter or the button), not on every key. */
export function SearchForm({
  label,
  placeholder,
  onSearch,
}: {
  label: string;
  placeholder: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className="min-w-0 flex-1 basis-64">
      <form onSubmit={submit} className="grid gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <div className="flex gap-2">
          <Input
            id={id}
            type="search"
            value={text}
            maxLength={200}
            placeholder={placeholder}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" />
            <span className="max-sm:sr-only">{t('admin.search')}</span>
          </Button>
        </div>
      </form>
    </search>
  );
}
