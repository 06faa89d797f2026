import { Check, Copy, GraduationCap, MailPlus, Send, XCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatCount } from '#shared/format';
import { type CreatedInvitation, CreateInvitationBodySchema, type InvitationStatus } from '#shared/schemas/admin';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '#web/lib/api-client';
import { useAdminCreators, useAdminInvitations, useInviteCreator, useRevokeInvitation } from '../api/creators';
import { day, INVITATION_STATUS_LABELS } from '../lib/labels';
import { FilterBar, FilterSelect, SearchForm } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

const INVITATION_OPTIONS = (Object.keys(INVITATION_STATUS_LABELS) as InvitationStatus[]).map((value) => ({
  value,
  label: INVITATION_STATUS_LABELS[value],
}));

function CopyLinkButton({ link }: { link: string }) {
  const [isCopied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ variant: 'destructive', title: 'Could not copy', description: 'Select the link and copy it yourself.' });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()}>
      {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {isCopied ? 'Copied' : 'Copy link'}
    </Button>
  );
}

/** The invitation form, and the link of the one just made (mailed too, unless the mail failed). */
function InviteForm() {
  const invite = useInviteCreator();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [made, setMade] = useState<CreatedInvitation | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateInvitationBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (result) => {
        setMade(result);
        setEmail('');
        toast({
          variant: 'success',
          title: 'Invitation made',
          description: result.isMailed
            ? `Emailed to ${result.invitation.email}.`
            : 'The mail could not be sent: pass the link on yourself.',
        });
      },
      onError: (failure) =>
        setError(getFieldErrors(failure).email ?? getErrorMessage(failure, 'The invitation could not be made.')),
    });
  };

  return (
    <Card className="grid gap-4 p-5">
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-3">
        <FormField label="Invite a creator by email" error={error} className="min-w-0 flex-1 basis-64">
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              placeholder="teacher@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" className="sm:mt-7" disabled={invite.isPending}>
          {invite.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          Send invitation
        </Button>
      </form>
      {made ? (
        <div className="grid gap-2 rounded-lg bg-muted p-3 text-sm">
          <p>
            Sign-up link for <span className="font-medium break-all">{made.invitation.email}</span> (works once)
            {made.isMailed ? ', also emailed:' : '. The mail could not be sent; send this link yourself:'}
          </p>
          <code className="block rounded bg-background px-2 py-1 text-xs break-all">{made.link}</code>
          <div>
            <CopyLinkButton link={made.link} />
          </div>
        </div>
      ) : null}
    </Card>
  );
}

function RevokeButton({ invitation }: { invitation: { id: string; email: string } }) {
  const revoke = useRevokeInvitation();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Revoke the invitation of ${invitation.email}`}>
          <XCircle aria-hidden="true" />
          Revoke
        </Button>
      }
      title="Revoke this invitation?"
      description={
        <>
          The code sent to <span className="font-medium break-all text-foreground">{invitation.email}</span> will no longer create
          a creator account.
        </>
      }
      confirmLabel="Revoke"
      onConfirm={async () => {
        await revoke.mutateAsync({ invitationId: invitation.id });
        toast({ variant: 'success', title: 'Invitation revoked', description: invitation.email });
      }}
    />
  );
}

/** The creators, and the invitations that make new ones. */
export function CreatorsSection() {
  const [q, setQ] = useState<string | undefined>();
  const [status, setStatus] = useState<InvitationStatus | undefined>();
  const creators = useAdminCreators({ q });
  const invitations = useAdminInvitations({ status });
  return (
    <div className="grid gap-10">
      <section aria-labelledby="admin-invitations-heading" className="grid gap-4">
        <h2 id="admin-invitations-heading" className="text-xl font-semibold">
          Invitations
        </h2>
        <InviteForm />
        <FilterBar>
          <FilterSelect label="Invitation status" value={status} options={INVITATION_OPTIONS} onChange={setStatus} />
        </FilterBar>
        <PagedListView
          list={invitations}
          what="invitations"
          empty={{ icon: MailPlus, title: 'No invitations', text: 'Invitations made here or with npm run invite show here.' }}
        >
          {(items) => (
            <RowList label="Invitations">
              {items.map((invitation) => (
                <Row
                  key={invitation.id}
                  actions={invitation.status === 'pending' ? <RevokeButton invitation={invitation} /> : null}
                >
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="break-all">{invitation.email}</span>
                    <Badge
                      variant={invitation.status === 'pending' ? 'info' : invitation.status === 'used' ? 'success' : 'secondary'}
                    >
                      {INVITATION_STATUS_LABELS[invitation.status]}
                    </Badge>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Sent {day(invitation.createdAt)}
                    {invitation.usedAt
                      ? ` · used ${day(invitation.usedAt)}${invitation.usedBy ? ` by ${invitation.usedBy.name}` : ''}`
                      : ''}
                    {invitation.revokedAt ? ` · revoked ${day(invitation.revokedAt)}` : ''}
                  </p>
                </Row>
              ))}
            </RowList>
          )}
        </PagedListView>
      </section>
      <section aria-labelledby="admin-creators-heading">
        <h2 id="admin-creators-heading" className="mb-4 text-xl font-semibold">
          Creators
        </h2>
        <FilterBar>
          <SearchForm label="Find creators" placeholder="Name or email" onSearch={(text) => setQ(text || undefined)} />
        </FilterBar>
        <PagedListView
          list={creators}
          what="creators"
          empty={{ icon: GraduationCap, title: 'No creators found', text: 'Creators sign up with an invitation.' }}
        >
          {(items) => (
            <RowList label="Creators">
              {items.map((creator) => (
                <Row key={creator.id}>
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="wrap-anywhere">{creator.name}</span>
                    {creator.suspendedAt ? <Badge variant="danger">Suspended</Badge> : null}
                  </p>
                  <p className="text-sm break-all text-muted-foreground">{creator.email}</p>
                  <p className="text-xs text-muted-foreground">
                    {formatCount(creator.courseCount)} {creator.courseCount === 1 ? 'course' : 'courses'} ·{' '}
                    {formatCount(creator.publishedCount)} on sale · {formatCount(creator.enrollmentCount)}{' '}
                    {creator.enrollmentCount === 1 ? 'enrollment' : 'enrollments'} · joined {day(creator.createdAt)}
                  </p>
                </Row>
              ))}
            </RowList>
          )}
        </PagedListView>
      </section>
    </div>
  );
}
