import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { type AdminAction, type AdminAuditEntry, adminActions } from '#shared/schemas/admin';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { useAuditLog } from '../api/audit';
import { actionLabel, dayAndTime, detailLabel, targetLabel } from '../lib/labels';
import { FilterBar, FilterSelect } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

const actionOptions = () => adminActions.map((value) => ({ value, label: actionLabel(value) }));

/** The entry's details as "name: value" pairs, in the order they were written. */
function Details({ entry }: { entry: AdminAuditEntry }) {
  const pairs = Object.entries(entry.details).filter(([, value]) => value !== null && value !== '');
  if (pairs.length === 0) return null;
  return (
    <dl className="grid gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[max-content_1fr]">
      {pairs.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-muted-foreground">{detailLabel(name)}</dt>
          <dd className="break-all whitespace-pre-line">{String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Who did what, to what and when: every admin action, newest first. */
export function AuditSection() {
  const [action, setAction] = useState<AdminAction | undefined>();
  const list = useAuditLog({ action });
  return (
    <section aria-labelledby="admin-audit-heading">
      <h2 id="admin-audit-heading" className="mb-4 text-xl font-semibold">
        {t('admin.tabAudit')}
      </h2>
      <FilterBar>
        <FilterSelect label={t('admin.auditAction')} value={action} options={actionOptions()} onChange={setAction} />
      </FilterBar>
      <PagedListView
        list={list}
        what="audit entries"
        texts={{ loading: t('admin.auditLoading'), failed: t('admin.auditFailed') }}
        empty={{ icon: ScrollText, title: t('admin.auditEmpty'), text: t('admin.auditEmptyText') }}
      >
        {(entries) => (
          <RowList label={t('admin.tabAudit')}>
            {entries.map((entry) => (
              <Row key={entry.id}>
                <p className="font-medium">{actionLabel(entry.action)}</p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={entry.createdAt}>{dayAndTime(entry.createdAt)}</time> ·{' '}
                  <RichText
                    text={t('admin.byTagged')}
                    tags={{ name: () => <span className="wrap-anywhere">{entry.admin.name}</span> }}
                  />{' '}
                  · {targetLabel(entry.targetType)}{' '}
                  <span className="font-mono break-all" dir="ltr">
                    {entry.targetId}
                  </span>
                </p>
                <Details entry={entry} />
              </Row>
            ))}
          </RowList>
        )}
      </PagedListView>
    </section>
  );
}
