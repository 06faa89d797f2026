import { Banknote, Landmark } from 'lucide-react';
import { useState } from 'react';
import { type AdminPayoutBalance, RecordPayoutBodySchema } from '#shared/schemas/admin';
import { PAYOUT_REFERENCE_MAX } from '#shared/schemas/payouts';
import { ConfirmDialog } from '#web/components/confirm-dialog';
import { PAYOUT_STATUS_BADGES, PayoutMethod } from '#web/components/payout-parts';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { toast } from '#web/hooks/use-toast';
import { formatUsd } from '#web/lib/i18n/format';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { useAdminPayoutBalances, useAdminPayouts, useRecordPayout } from '../api/payouts';
import { day, dayAndTime, payoutStatusLabel } from '../lib/labels';
import { PagedListView, Row, RowList } from './paged-list-view';

/** Where the creator asked to be paid, as they wrote it (line breaks kept), or that they have not said. */
function PayoutDetails({ details }: { details: string | null }) {
  return (
    <div className="grid gap-1 text-sm">
      <p className="font-medium">{t('admin.payTo')}</p>
      {details ? (
        <p className="rounded-lg border bg-muted/40 px-3 py-2 whitespace-pre-line wrap-anywhere">{details}</p>
      ) : (
        <p className="text-muted-foreground">{t('admin.noPayoutDetails')}</p>
      )}
    </div>
  );
}

/** Asks for the amount (the whole balance at first) and the bank's reference, then records the transfer. */
function RecordPayoutButton({ balance }: { balance: AdminPayoutBalance }) {
  const record = useRecordPayout();
  const [amount, setAmount] = useState(balance.available);
  const [reference, setReference] = useState('');
  const [isTouched, setTouched] = useState(false);
  const parsed = RecordPayoutBodySchema.safeParse({ creatorId: balance.creator.id, amount: amount.trim(), reference });
  const problem = (field: 'amount' | 'reference') =>
    parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
  const amountError = amount.trim() === '' ? t('admin.enterPayoutAmount') : problem('amount');
  const referenceError = problem('reference');
  const available = formatUsd(balance.available);
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" aria-label={t('admin.recordPayoutTo', { name: balance.creator.name })}>
          <Banknote aria-hidden="true" />
          {t('admin.recordPayout')}
        </Button>
      }
      title={t('admin.recordPayoutTitle')}
      description={
        <RichText
          text={t('admin.recordPayoutText', { available })}
          tags={{ name: () => <span className="font-medium wrap-anywhere text-foreground">{balance.creator.name}</span> }}
        />
      }
      confirmLabel={t('admin.recordPayout')}
      isDestructive={false}
      canConfirm={parsed.success}
      onOpenChange={(isOpen) => {
        if (!isOpen) return;
        setAmount(balance.available);
        setReference('');
        setTouched(false);
      }}
      onConfirm={async () => {
        if (!parsed.success) return;
        const payout = await record.mutateAsync({ creatorId: balance.creator.id, amount: amount.trim(), reference });
        toast({
          variant: 'success',
          title: t('admin.payoutRecorded', { amount: formatUsd(payout.amount) }),
          description: balance.creator.name,
        });
      }}
    >
      <div className="grid gap-4">
        <PayoutDetails details={balance.payoutDetails} />
        <FormField
          label={t('admin.amountUsd')}
          hint={t('admin.atMost', { amount: available })}
          error={isTouched ? amountError : undefined}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onBlur={() => setTouched(true)}
              onChange={(event) => setAmount(event.target.value)}
            />
          )}
        </FormField>
        <FormField
          label={t('admin.bankReference')}
          hint={t('admin.bankReferenceHint')}
          error={isTouched && reference !== '' ? referenceError : undefined}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              maxLength={PAYOUT_REFERENCE_MAX}
              required
              value={reference}
              onBlur={() => setTouched(true)}
              onChange={(event) => setReference(event.target.value)}
            />
          )}
        </FormField>
      </div>
    </ConfirmDialog>
  );
}

function Balances() {
  const list = useAdminPayoutBalances();
  return (
    <section aria-labelledby="admin-payout-balances-heading">
      <h2 id="admin-payout-balances-heading" className="mb-1 text-xl font-semibold">
        {t('admin.balancesToPay')}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">{t('admin.balancesIntro')}</p>
      <PagedListView
        list={list}
        what="balances"
        texts={{ loading: t('admin.balancesLoading'), failed: t('admin.balancesFailed') }}
        empty={{ icon: Landmark, title: t('admin.nobodyOwed'), text: t('admin.nobodyOwedText') }}
      >
        {(balances) => (
          <RowList label={t('admin.balancesToPay')}>
            {balances.map((balance) => (
              <Row key={balance.id} actions={balance.paidBy === 'manual' ? <RecordPayoutButton balance={balance} /> : null}>
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="tabular-nums">{formatUsd(balance.available)}</span>
                  <span className="wrap-anywhere">{balance.creator.name}</span>
                </p>
                <p className="text-sm text-muted-foreground">
                  <span className="break-all">{balance.creator.email}</span>
                </p>
                {balance.paidBy === 'manual' ? <PayoutDetails details={balance.payoutDetails} /> : null}
                <p className="text-xs text-muted-foreground">
                  {[
                    t('admin.paidOutSoFar', { amount: formatUsd(balance.paidOut) }),
                    balance.lastPaidAt ? t('admin.lastPayout', { day: day(balance.lastPaidAt) }) : t('admin.neverPaidOut'),
                    balance.paidBy === 'stripe' ? t('admin.paidByStripe') : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </Row>
            ))}
          </RowList>
        )}
      </PagedListView>
    </section>
  );
}

function Payouts() {
  const list = useAdminPayouts();
  return (
    <section aria-labelledby="admin-payouts-heading">
      <h2 id="admin-payouts-heading" className="mb-4 text-xl font-semibold">
        {t('admin.tabPayouts')}
      </h2>
      <PagedListView
        list={list}
        what="payouts"
        texts={{ loading: t('admin.payoutsLoading'), failed: t('admin.payoutsFailed') }}
        empty={{ icon: Banknote, title: t('admin.noPayouts'), text: t('admin.noPayoutsText') }}
      >
        {(payouts) => (
          <RowList label={t('admin.tabPayouts')}>
            {payouts.map((payout) => (
              <Row key={payout.id}>
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="tabular-nums">{formatUsd(payout.amount)}</span>
                  <span className="wrap-anywhere">{payout.creator.name}</span>
                  <Badge variant={PAYOUT_STATUS_BADGES[payout.status]}>{payoutStatusLabel(payout.status)}</Badge>
                </p>
                <PayoutMethod payout={payout} />
                <p className="text-xs text-muted-foreground">
                  {dayAndTime(payout.paidAt ?? payout.createdAt)}
                  {payout.recordedBy ? (
                    <>
                      {' '}
                      ·{' '}
                      <RichText
                        text={t('admin.recordedBy')}
                        tags={{ name: () => <span className="wrap-anywhere">{payout.recordedBy?.name}</span> }}
                      />
                    </>
                  ) : (
                    ` · ${t('admin.scheduled')}`
                  )}
                </p>
              </Row>
            ))}
          </RowList>
        )}
      </PagedListView>
    </section>
  );
}

/** Creators' balances to pay (record a bank transfer), and every payout made. */
export function PayoutsSection() {
  return (
    <div className="grid gap-10">
      <Balances />
      <Payouts />
    </div>
  );
}
