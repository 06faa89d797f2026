import { FileQuestion, Layers } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ConfirmDeleteButton } from '#web/components/confirm-delete-button';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import type { ContentItem } from '../lib/content-items';
import { MoveButtons, type MoveDirection } from './move-buttons';

interface ContentItemRowProps {
  item: ContentItem;
  isFirst: boolean;
  isLast: boolean;
  isBusy: boolean;
  onMove: (direction: MoveDirection) => void;
  onDelete: () => void;
  moveButtonRef: (direction: MoveDirection, element: HTMLButtonElement | null) => void;
}

export function ContentItemRow({ item, isFirst, isLast, isBusy, onMove, onDelete, moveButtonRef }: ContentItemRowProps) {
  const titleId = useId();
  const isModule = item.kind === 'module';
  const Icon = isModule ? Layers : FileQuestion;
  const size = isModule
    ? t('courseBuilder.slideCount', { count: item.size })
    : t('courseBuilder.questionCount', { count: item.size });
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          className={
            isModule
              ? 'flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary'
              : 'flex size-10 shrink-0 items-center justify-center rounded-lg bg-info-muted text-info-muted-foreground'
          }
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{item.label}</p>
          <h3 id={titleId} className="font-semibold break-words">
            {item.title}
          </h3>
          {item.description ? <p className="line-clamp-2 text-sm break-words text-muted-foreground">{item.description}</p> : null}
          <p className="text-xs text-muted-foreground">{size}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-1 sm:justify-end">
        <Link
          aria-describedby={titleId}
          to={isModule ? paths.creator.moduleBuilder.getHref(item.id) : paths.creator.quizBuilder.getHref(item.id)}
          className="rounded-md px-2 py-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {isModule ? t('courseBuilder.addContent') : t('courseBuilder.buildQuiz')}
        </Link>
        <div className="flex items-center">
          <MoveButtons
            name={item.title}
            isFirst={isFirst}
            isLast={isLast}
            disabled={isBusy}
            onMove={onMove}
            buttonRef={moveButtonRef}
          />
          <ConfirmDeleteButton kind={item.kind} name={item.title} disabled={isBusy} onConfirm={onDelete} />
        </div>
      </div>
    </li>
  );
}
