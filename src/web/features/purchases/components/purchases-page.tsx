import { ShoppingBag } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '#web/components/empty-state';
import { RegionError } from '#web/components/errors/region-error';
import { MoreItems } from '#web/components/more-items';
import { Skeleton } from '#web/components/ui/skeleton';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { usePurchases } from '../api/get-purchases';
import { PurchaseCard } from './purchase-card';

function PurchasesSkeleton() {
  return (
    <div role="status" aria-label={t('purchases.loading')} className="grid gap-3">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-32 rounded-xl sm:h-28" />
      ))}
    </div>
  );
}

function EmptyPurchases() {
  return (
    <EmptyState icon={ShoppingBag} title={t('purchases.noneYet')}>
      <p className="max-w-md text-sm text-muted-foreground">{t('purchases.showHere')}</p>
      <Link to={paths.search.getHref()} className="font-medium text-primary underline underline-offset-4">
        {t('purchases.browseCourses')}
      </Link>
    </EmptyState>
  );
}

/** The buyer's payments, newest first, a page at a time: receipts, and refunds while the rules allow one. */
export function PurchasesPage() {
  useDocumentTitle(t('purchases.title'));
  const list = usePurchases();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onRefunded = () => {
    list.reloadLater();
    headingRef.current?.focus();
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight focus:outline-none">
        {t('purchases.title')}
      </h1>
      <p className="mt-2 mb-6 text-muted-foreground">{t('purchases.lead')}</p>
      {list.isPending ? (
        <PurchasesSkeleton />
      ) : list.isError ? (
        <RegionError
          title={t('purchases.loadError')}
          description={t('purchases.checkConnection')}
          onRetry={() => void list.refetch()}
        />
      ) : list.purchases.length === 0 ? (
        <EmptyPurchases />
      ) : (
        <div className="grid gap-4">
          <ul className="grid gap-3">
            {list.purchases.map((purchase) => (
              <PurchaseCard key={purchase.id} purchase={purchase} onRefunded={onRefunded} />
            ))}
          </ul>
          <MoreItems
            hasMore={list.hasMore}
            isLoading={list.isLoadingMore}
            failed={Boolean(list.moreError)}
            onMore={list.showMore}
          />
        </div>
      )}
    </div>
  );
}
