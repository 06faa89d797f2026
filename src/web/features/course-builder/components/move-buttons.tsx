import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';

export type MoveDirection = 'up' | 'down';

interface MoveButtonsProps {
  /** Names the item in each button's accessible name: 'Move Neural Networks up'. */
  name: string;
  isFirst: boolean;
  isLast: boolean;
  disabled?: boolean;
  onMove: (direction: MoveDirection) => void;
  /** Lets the list put focus back on a button after the item moved. */
  buttonRef?: (direction: MoveDirection, element: HTMLButtonElement | null) => void;
}

/** The first item cannot move up, the last cannot move down (docs/product.md, Publishing and the studio). */
export function MoveButtons({ name, isFirst, isLast, disabled, onMove, buttonRef }: MoveButtonsProps) {
  return (
    <>
      <Button
        ref={(element) => buttonRef?.('up', element)}
        variant="ghost"
        size="icon-sm"
        aria-label={t('courseBuilder.moveNameUp', { name })}
        title={t('courseBuilder.moveUp')}
        disabled={disabled || isFirst}
        onClick={() => onMove('up')}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        ref={(element) => buttonRef?.('down', element)}
        variant="ghost"
        size="icon-sm"
        aria-label={t('courseBuilder.moveNameDown', { name })}
        title={t('courseBuilder.moveDown')}
        disabled={disabled || isLast}
        onClick={() => onMove('down')}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
    </>
  );
}
