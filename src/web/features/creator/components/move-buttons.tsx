import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '#web/components/ui/button';

/** SPEC §4: the first item cannot move up, the last cannot move down. */
export function MoveButtons({
  name,
  isFirst,
  isLast,
  onMove,
  disabled,
}: {
  name: string;
  isFirst: boolean;
  isLast: boolean;
  onMove: (direction: -1 | 1) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move ${name} up`}
        disabled={disabled || isFirst}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Move ${name} down`}
        disabled={disabled || isLast}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
    </>
  );
}
