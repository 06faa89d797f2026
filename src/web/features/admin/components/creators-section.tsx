import { Check, Copy, GraduationCap, MailPlus, Send, XCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type CreatedInvitation, CreateInvitationBodySchema, type InvitationStatus } from '#shared/schemas/admin';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors } from '#web/lib/form';
import { formatCount } from '#web/lib/i18n/format';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { useAdminCreators, useAdminInvitations, useInviteCreator, useRevokeInvitation } from '../api/creators';
import { day, INVITATION_STATUSES, invitationStatusLabel } from '../lib/labels';
import { FilterBar, FilterSelect, SearchForm } from './filters';
import { PagedListView, Row, RowList } from './paged-list-view';

const invitationOptions = () => INVITATION_STATUSES.map((value) => ({ value, label: invitationStatusLabel(value) }));

function CopyLinkButton({ link }: { link: string }) {
  const [isCopied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ variant: 'destructive', title: t('admin.couldNotCopy'), description: t('admin.copyLinkYourself') });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()}>
      {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {isCopied ? t('admin.copied') : t('admin.copyLink')}
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
      setError(t('admin.invalidEmail'));
      return;
    }
    setError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (result) => {
        setMade(result);
        setEmail('');
        toast({
          variant: 'success',
          title: t('admin.invitationMade'),
          description: result.isMailed ? t('admin.emailedTo', { email: result.invitation.email }) : t('admin.mailNotSent'),
        });
      },
      onError: (failure) => setError(apiFieldErrors(failure).email ?? apiErrorText(failure, t('admin.invitationFailed'))),
    });
  };

  return (
    <Card className="grid gap-4 p-5">
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-3">
        <FormField label={t('admin.inviteByEmail')} error={error} className="min-w-0 flex-1 basis-64">
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              placeholder={t('admin.emailPlaceholder')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" className="sm:mt-7" disabled={invite.isPending}>
          {invite.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          {t('admin.sendInvitation')}
        </Button>
      </form>
      {made ? (
        <div className="grid gap-2 rounded-lg bg-muted p-3 text-sm">
          <p>
            <RichText
              text={made.isMailed ? t('admin.linkMailed') : t('admin.linkNotMailed')}
              tags={{ email: () => <span className="font-medium break-all">{made.invitation.email}</span> }}
            />
          </p>
          <code className="block rounded bg-background px-2 py-1 text-xs break-all" dir="ltr">
            {made.link}
          </code>
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
        <Button variant="outline" size="sm" aria-label={t('admin.revokeInvitationOf', { email: invitation.email })}>
          <XCircle aria-hidden="true" />
          {t('admin.revoke')}
        </Button>
      }
      title={t('admin.revokeInvitationTitle')}
      description={
        <RichText
          text={t('admin.revokeInvitationText')}
          tags={{ email: () => <span className="font-medium break-all text-foreground">{invitation.email}</span> }}
        />
      }
      confirmLabel={t('admin.revoke')}
      onConfirm={async () => {
        await revoke.mutateAsync({ invitationId: invitation.id });
        toast({ variant: 'success', title: t('admin.invitationRevokedToast'), description: invitation.email });
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
          {t('admin.invitations')}
        </h2>
        <InviteForm />
        <FilterBar>
          <FilterSelect label={t('admin.invitationStatus')} value={status} options={invitationOptions()} onChange={setStatus} />
        </FilterBar>
        <PagedListView
          list={invitations}
          texts={{ loading: t('admin.invitationsLoading'), failed: t('admin.invitationsFailed') }}
          empty={{ icon: MailPlus, title: t('admin.noInvitations'), text: t('admin.noInvitationsText') }}
        >
          {(items) => (
            <RowList label={t('admin.invitations')}>
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
                      {invitationStatusLabel(invitation.status)}
                    </Badge>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t('admin.sentOn', { day: day(invitation.createdAt) })}
                    {invitation.usedAt
                      ? ` · ${
                          invitation.usedBy
                            ? t('admin.usedOnBy', { day: day(invitation.usedAt), name: invitation.usedBy.name })
                            : t('admin.usedOn', { day: day(invitation.usedAt) })
                        }`
                      : ''}
                    {invitation.revokedAt ? ` · ${t('admin.revokedOn', { day: day(invitation.revokedAt) })}` : ''}
                  </p>
                </Row>
              ))}
            </RowList>
          )}
        </PagedListView>
      </section>
      <section aria-labelledby="admin-creators-heading">
        <h2 id="admin-creators-heading" className="mb-4 text-xl font-semibold">
          {t('admin.creators')}
        </h2>
        <FilterBar>
          <SearchForm
            label={t('admin.findCreators')}
            placeholder={t('admin.nameOrEmail')}
            onSearch={(text) => setQ(text || undefined)}
          />
        </FilterBar>
        <PagedListView
          list={creators}
          texts={{ loading: t('admin.creatorsLoading'), failed: t('admin.creatorsFailed') }}
          empty={{ icon: GraduationCap, title: t('admin.noCreators'), text: t('admin.noCreatorsText') }}
        >
          {(items) => (
            <RowList label={t('admin.creators')}>
              {items.map((creator) => (
                <Row key={creator.id}>
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="wrap-anywhere">{creator.name}</span>
                    {creator.suspendedAt ? <Badge variant="danger">{t('admin.suspended')}</Badge> : null}
                  </p>
                  <p className="text-sm break-all text-muted-foreground">{creator.email}</p>
                  <p className="text-xs text-muted-foreground">
                    {[
                      t('admin.courseCount', { count: creator.courseCount }),
                      t('admin.onSale', { count: formatCount(creator.publishedCount) }),
                      t('admin.enrollmentCount', { count: creator.enrollmentCount }),
                      t('admin.joinedLower', { day: day(creator.createdAt) }),
                    ].join(' · ')}
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
