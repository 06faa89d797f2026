import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { type AdminAction, type AdminAuditEntry, adminActions } from '#shared/schemas/admin';
import { useAuditLog } from '../api/audit';
import { ACTION_LABELS, dayAndTime } from '../lib/labels';
import { FilterBar, FilterSelect } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

const ACTION_OPTIONS = adminActions.map((value) => ({ value, label: ACTION_LABELS[value] }));

/** The entry's details as "name: value" pairs, in the order they were written. */
function Details({ entry }: { entry: AdminAuditEntry }) {
  const pairs = Object.entries(entry.details).filter(([, value]) => value !== null && value !== '');
  if (pairs.length === 0) return null;
  return (
    <dl className="grid gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[max-content_1fr]">
      {pairs.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-muted-foreground">{name.replace(/([A-Z])/g, ' $1').toLowerCase()}</dt>
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
        Audit log
      </h2>
      <FilterBar>
        <FilterSelect label="Action" value={action} options={ACTION_OPTIONS} onChange={setAction} />
      </FilterBar>
      <PagedListView
        list={list}
        what="audit entries"
        empty={{ icon: ScrollText, title: 'Nothing logged yet', text: 'Every admin action is written here.' }}
      >
        {(entries) => (
          <RowList label="Audit log">
            {entries.map((entry) => (
              <Row key={entry.id}>
                <p className="font-medium">{ACTION_LABELS[entry.action]}</p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={entry.createdAt}>{dayAndTime(entry.createdAt)}</time> · by{' '}
                  <span className="wrap-anywhere">{entry.admin.name}</span> · {entry.targetType}{' '}
                  <span className="font-mono break-all">{entry.targetId}</span>
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
