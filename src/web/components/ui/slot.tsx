import {
  Children,
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefCallback,
  useMemo,
} from 'react';

// Radix Slot's merge, for `Button asChild`: every page renders a button, and the primitive costs ~2 KB
// gzip there. Same rules: the child's props win, except that handlers run both (the child's first),
// styles and class names combine, and both refs receive the element.

type Props = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;

function mergeProps(slotProps: Props, childProps: Props): Props {
  const merged: Props = { ...slotProps, ...childProps };
  for (const name of Object.keys(childProps)) {
    const slotValue = slotProps[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[name] = (...args: unknown[]) => {
        const result = (childValue as Handler)(...args);
        (slotValue as Handler)(...args);
        return result;
      };
    } else if (/^on[A-Z]/.test(name) && childValue === undefined) {
      merged[name] = slotValue;
    } else if (name === 'style') {
      merged[name] = { ...(slotValue as object), ...(childValue as object) };
    } else if (name === 'className') {
      merged[name] = [slotValue, childValue].filter(Boolean).join(' ');
    } else if (name === 'aria-describedby') {
      merged[name] = [slotValue, childValue].filter(Boolean).join(' ');
    }
  }
  return merged;
}

function setRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') return ref(node);
  if (ref) ref.current = node;
}

function useComposedRef<T>(a: Ref<T> | undefined, b: Ref<T> | undefined): Ref<T> | undefined {
  return useMemo<Ref<T> | undefined>(() => {
    if (!a || !b) return a ?? b;
    const composed: RefCallback<T> = (node) => {
      const cleanups = [setRef(a, node), setRef(b, node)];
      return () => {
        for (const [i, cleanup] of cleanups.entries()) {
          if (typeof cleanup === 'function') cleanup();
          else setRef(i === 0 ? a : b, null);
        }
      };
    };
    return composed;
  }, [a, b]);
}

/** Renders its only child element with these props merged in. */
export function Slot({ children, ref, ...slotProps }: Props & { children?: ReactNode; ref?: Ref<unknown> }) {
  const child = Children.only(children) as ReactElement<Props>;
  const childProps = isValidElement(child) ? child.props : {};
  const composedRef = useComposedRef(ref, childProps.ref as Ref<unknown> | undefined);
  if (!isValidElement(child)) return null;
  return cloneElement<Props>(child, { ...mergeProps(slotProps, childProps), ref: composedRef });
}
