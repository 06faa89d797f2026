import { Ban, RotateCcw, Users } from 'lucide-react';
import { useState } from 'react';
import type { AdminUser } from '#shared/schemas/admin';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/hooks/use-toast';
import { useAuth } from '#web/lib/auth';
import { type UserFilters, useAdminUsers, useSetUserSuspended } from '../api/users';
import { day } from '../lib/labels';
import { FilterBar, FilterSelect, SearchForm } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

const ROLE_OPTIONS = [
  { value: 'student', label: 'Students' },
  { value: 'creator', label: 'Creators' },
  { value: 'admin', label: 'Admins' },
] as const;
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
] as const;

function SuspendButton({ user }: { user: AdminUser }) {
  const action = useSetUserSuspended();
  const isSuspended = user.suspendedAt !== null;
  const confirm = async () => {
    await action.mutateAsync({ userId: user.id, isSuspended: !isSuspended });
    toast({
      variant: 'success',
      title: isSuspended ? 'Suspension lifted' : 'User suspended',
      description: isSuspended ? `${user.name} can sign in again.` : `${user.name} is signed out everywhere.`,
    });
  };
  return isSuspended ? (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Unsuspend ${user.name}`}>
          <RotateCcw aria-hidden="true" />
          Unsuspend
        </Button>
      }
      title={`Lift ${user.name}’s suspension?`}
      description="They can sign in again. Their old sessions stay signed out."
      confirmLabel="Unsuspend"
      isDestructive={false}
      onConfirm={confirm}
    />
  ) : (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Suspend ${user.name}`}>
          <Ban aria-hidden="true" />
          Suspend
        </Button>
      }
      title={`Suspend ${user.name}?`}
      description={
        <>
          <span className="font-medium break-all text-foreground">{user.email}</span> is signed out on every device at once and
          cannot sign in until the suspension is lifted.
        </>
      }
      confirmLabel="Suspend"
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
        Users
      </h2>
      <FilterBar>
        <SearchForm
          label="Find users"
          placeholder="Name or email"
          onSearch={(q) => setFilters((f) => ({ ...f, q: q || undefined }))}
        />
        <FilterSelect
          label="Role"
          value={filters.role}
          options={ROLE_OPTIONS}
          onChange={(role) => setFilters((f) => ({ ...f, role }))}
        />
        <FilterSelect
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => setFilters((f) => ({ ...f, status }))}
        />
      </FilterBar>
      <PagedListView
        list={list}
        what="users"
        empty={{ icon: Users, title: 'No users found', text: 'No account matches these filters.' }}
      >
        {(users) => (
          <RowList label="Users">
            {users.map((user) => (
              <Row
                key={user.id}
                actions={user.id === me?.id ? <Badge variant="outline">You</Badge> : <SuspendButton user={user} />}
              >
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="wrap-anywhere">{user.name}</span>
                  <Badge variant="secondary" className="capitalize">
                    {user.role}
                  </Badge>
                  {user.suspendedAt ? <Badge variant="danger">Suspended</Badge> : null}
                </p>
                <p className="text-sm break-all text-muted-foreground">{user.email}</p>
                <p className="text-xs text-muted-foreground">
                  Joined {day(user.createdAt)}
                  {user.suspendedAt ? ` · suspended ${day(user.suspendedAt)}` : ''}
                </p>
              </Row>
            ))}
          </RowList>
        )}
      </PagedListView>
    </section>
  );
}
