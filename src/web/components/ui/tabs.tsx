import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useContext,
  useId,
  useMemo,
  useState,
} from 'react';
import { cn } from '#web/lib/utils';

// Tabs with Radix Tabs' markup and keyboard behaviour (roles, ids, data-state, arrow keys with wrap,
// Home/End, a tab selected as it gets focus), written out because the primitive and its roving-focus
// helpers cost ~9 KB gzip on the home page's first load (JavaScript budget).

interface TabsContextValue {
  baseId: string;
  value: string | undefined;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabsContext(): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error('Tabs parts must be used within <Tabs>');
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value: controlledValue, defaultValue, onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue);
  const value = controlledValue ?? uncontrolledValue;
  const select = useCallback(
    (next: string) => {
      if (next === value) return;
      if (controlledValue === undefined) setUncontrolledValue(next);
      onValueChange?.(next);
    },
    [value, controlledValue, onValueChange],
  );
  const context = useMemo(() => ({ baseId, value, select }), [baseId, value, select]);
  return (
    <TabsContext.Provider value={context}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

const NAVIGATION_KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];

/** Arrow keys move focus between the enabled tabs, wrapping around; Home and End go to the ends. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (!NAVIGATION_KEYS.includes(event.key) || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const current = tabs.indexOf(event.target as HTMLButtonElement);
  if (current === -1) return;
  event.preventDefault();
  const isRtl = getComputedStyle(event.currentTarget).direction === 'rtl';
  const step = (event.key === 'ArrowRight') !== isRtl ? 1 : -1;
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : (current + step + tabs.length) % tabs.length;
  tabs[next]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn('inline-flex h-10 items-center justify-center rounded-xl bg-muted p-1 text-muted-foreground', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

export function TabsTrigger({ className, value, disabled, ...props }: ComponentProps<'button'> & { value: string }) {
  const { baseId, value: selectedValue, select } = useTabsContext();
  const isSelected = value === selectedValue;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(baseId, value)}
      aria-selected={isSelected}
      aria-controls={contentId(baseId, value)}
      data-state={isSelected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      tabIndex={isSelected ? 0 : -1}
      className={cn(
        'inline-flex h-full items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-all',
        'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
        'disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        props.onMouseDown?.(event);
        if (disabled || event.defaultPrevented) return;
        // Like Radix: a plain left press selects at once; a ctrl-press neither selects nor focuses.
        if (event.button === 0 && !event.ctrlKey) select(value);
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        props.onKeyDown?.(event);
        if (!disabled && !event.defaultPrevented && (event.key === ' ' || event.key === 'Enter')) select(value);
      }}
      onFocus={(event) => {
        props.onFocus?.(event);
        if (!disabled && !event.defaultPrevented) select(value);
      }}
    />
  );
}

export function TabsContent({ className, value, children, ...props }: ComponentProps<'div'> & { value: string }) {
  const { baseId, value: selectedValue } = useTabsContext();
  const isSelected = value === selectedValue;
  return (
    <div
      role="tabpanel"
      id={contentId(baseId, value)}
      aria-labelledby={triggerId(baseId, value)}
      data-state={isSelected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!isSelected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern (and Radix) make the panel focusable
      tabIndex={0}
      className={cn(
        'mt-4 rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none',
        className,
      )}
      {...props}
    >
      {isSelected ? children : null}
    </div>
  );
}
