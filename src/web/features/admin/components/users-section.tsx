import { Ban, RotateCcw, Users } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '#shared/schemas/admin';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { useAuth } from '#web/lib/auth';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { type UserFilters, useAdminUsers, useSetUserSuspended } from '../api/users';
import { day } from '../lib/labels';
import { FilterBar, FilterSelect, SearchForm } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

const roleOptions = () =>
  [
    { value: 'student', label: t('admin.roleStudents') },
    { value: 'creator', label: t('admin.roleCreators') },
    { value: 'admin', label: t('admin.roleAdmins') },
  ] as const;
const statusOptions = () =>
  [
    { value: 'active', label: t('admin.statusActive') },
    { value: 'suspended', label: t('admin.suspended') },
  ] as const;

function roleLabel(role: AdminUser['role']): string {
  if (role === 'admin') return t('admin.roleAdmin');
  if (role === 'creator') return t('admin.roleCreator');
  return t('admin.roleStudent');
}

function SuspendButton({ user }: { user: AdminUser }) {
  const action = useSetUserSuspended();
  const isSuspended = user.suspendedAt !== null;
  const confirm = async () => {
    await action.mutateAsync({ userId: user.id, isSuspended: !isSuspended });
    toast({
      variant: 'success',
      title: isSuspended ? t('admin.suspensionLifted') : t('admin.userSuspended'),
      description: isSuspended
        ? t('admin.canSignInAgain', { name: user.name })
        : t('admin.signedOutEverywhere', { name: user.name }),
    });
  };
  return isSuspended ? (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={t('admin.unsuspendName', { name: user.name })}>
          <RotateCcw aria-hidden="true" />
          {t('admin.unsuspend')}
        </Button>
      }
      title={t('admin.liftSuspensionTitle', { name: user.name })}
      description={t('admin.liftSuspensionText')}
      confirmLabel={t('admin.unsuspend')}
      isDestructive={false}
      onConfirm={confirm}
    />
  ) : (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={t('admin.suspendName', { name: user.name })}>
          <Ban aria-hidden="true" />
          {t('admin.suspend')}
        </Button>
      }
      title={t('admin.suspendTitle', { name: user.name })}
      description={
        <RichText
          text={t('admin.suspendText')}
          tags={{ email: () => <span className="font-medium break-all text-foreground">{user.email}</span> }}
        />
      }
      confirmLabel={t('admin.suspend')}
      onConfirm={confirm}
    />
  );
}

/** Every account: search, filter, suspend and lift suspensions. */
export function UsersSection() {
  const { user: me } = useAuth();
  const [filters, setFilters] = useState<UserFilters>({});
  const list = useAdminUsers(filters);
  return (
    <section aria-labelledby="admin-users-heading">
      <h2 id="admin-users-heading" className="mb-4 text-xl font-semibold">
        {t('admin.tabUsers')}
      </h2>
      <FilterBar>
        <SearchForm
          label={t('admin.findUsers')}
          placeholder={t('admin.nameOrEmail')}
          onSearch={(q) => setFilters((f) => ({ ...f, q: q || undefined }))}
        />
        <FilterSelect
          label={t('admin.role')}
          value={filters.role}
          options={roleOptions()}
          onChange={(role) => setFilters((f) => ({ ...f, role }))}
        />
        <FilterSelect
          label={t('admin.status')}
          value={filters.status}
          options={statusOptions()}
          onChange={(status) => setFilters((f) => ({ ...f, status }))}
        />
      </FilterBar>
      <PagedListView
        list={list}
        what="users"
        texts={{ loading: t('admin.usersLoading'), failed: t('admin.usersFailed') }}
        empty={{ icon: Users, title: t('admin.noUsers'), text: t('admin.noUsersText') }}
      >
        {(users) => (
          <RowList label={t('admin.tabUsers')}>
            {users.map((user) => (
              <Row
                key={user.id}
                actions={user.id === me?.id ? <Badge variant="outline">{t('admin.you')}</Badge> : <SuspendButton user={user} />}
              >
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="wrap-anywhere">{user.name}</span>
                  <Badge variant="secondary" className="capitalize">
                    {roleLabel(user.role)}
                  </Badge>
                  {user.suspendedAt ? <Badge variant="danger">{t('admin.suspended')}</Badge> : null}
                </p>
                <p className="text-sm break-all text-muted-foreground">{user.email}</p>
                <p className="text-xs text-muted-foreground">
                  {t('admin.joined', { day: day(user.createdAt) })}
                  {user.suspendedAt ? ` · ${t('admin.suspendedOn', { day: day(user.suspendedAt) })}` : ''}
                </p>
              </Row>
            ))}
          </RowList>
        )}
      </PagedListView>
    </section>
  );
}
