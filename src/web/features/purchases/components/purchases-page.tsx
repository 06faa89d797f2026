import { ShoppingBag } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '#web/components/empty-state';
import { RegionError } from '#web/components/errors/region-error';
import { MoreItems } from '#web/components/more-items';
import { Skeleton } from '#web/components/ui/skeleton';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { paths } from '#web/lib/paths';
import { usePurchases } from '../api/get-purchases';
import { PurchaseCard } from './purchase-card';

function PurchasesSkeleton() {
  return (
    <div role="status" aria-label="Loading your purchases" className="grid gap-3">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-32 rounded-xl sm:h-28" />
      ))}
    </div>
  );
}

function EmptyPurchases() {
  return (
    <EmptyState icon={ShoppingBag} title="No purchases yet">
      <p className="max-w-md text-sm text-muted-foreground">The courses you buy show here, with their receipts.</p>
      <Link to={paths.search.getHref()} className="font-medium text-primary underline underline-offset-4">
        Browse courses
      </Link>
    </EmptyState>
  );
}

/** The buyer's payments, newest first, a page at a time: receipts, and refunds while the rules allow one. */
export function PurchasesPage() {
  useDocumentTitle('Purchases');
  const list = usePurchases();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onRefunded = () => {
    list.reloadLater();
    headingRef.current?.focus();
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight focus:outline-none">
        Purchases
      </h1>
      <p className="mt-2 mb-6 text-muted-foreground">Your payments, their receipts, and refunds within 30 days.</p>
      {list.isPending ? (
        <PurchasesSkeleton />
      ) : list.isError ? (
        <RegionError
          title="Your purchases could not be loaded"
          description="Check your connection and try again."
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
            what="purchases"
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
