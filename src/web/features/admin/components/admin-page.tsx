import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { RegionErrorBoundary } from '#web/components/errors/region-error';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { t } from '#web/lib/i18n/t';
import { AuditSection } from './audit-section';
import { CertificatesSection } from './certificates-section';
import { CouponsSection } from './coupons-section';
import { CoursesSection } from './courses-section';
import { CreatorsSection } from './creators-section';
import { DiscussionsSection } from './discussions-section';
import { PaymentsSection } from './payments-section';
import { PayoutsSection } from './payouts-section';
import { RevenueSection } from './revenue-section';
import { ReviewsSection } from './reviews-section';
import { UsersSection } from './users-section';

/** The console's sections, in the order of its tabs; `?tab=` names the one shown. */
export const ADMIN_TABS = [
  { value: 'users', label: () => t('admin.tabUsers'), Section: UsersSection },
  { value: 'creators', label: () => t('admin.tabCreators'), Section: CreatorsSection },
  { value: 'courses', label: () => t('admin.tabCourses'), Section: CoursesSection },
  { value: 'reviews', label: () => t('admin.tabReviews'), Section: ReviewsSection },
  { value: 'questions', label: () => t('admin.tabQuestions'), Section: DiscussionsSection },
  { value: 'payments', label: () => t('admin.tabPayments'), Section: PaymentsSection },
  { value: 'payouts', label: () => t('admin.tabPayouts'), Section: PayoutsSection },
  { value: 'coupons', label: () => t('admin.tabCoupons'), Section: CouponsSection },
  { value: 'certificates', label: () => t('admin.tabCertificates'), Section: CertificatesSection },
  { value: 'revenue', label: () => t('admin.tabRevenue'), Section: RevenueSection },
  { value: 'audit', label: () => t('admin.tabAudit'), Section: AuditSection },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];

const isTab = (value: string | null): value is AdminTab => ADMIN_TABS.some((tab) => tab.value === value);

/** /admin (issue 24 §6): the platform's operators' console, a tab per area; the server checks every call. */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'users';
  const current = ADMIN_TABS.find((entry) => entry.value === tab) ?? ADMIN_TABS[0];
  useDocumentTitle(t('admin.documentTitle', { section: current.label() }));
  // On a phone the tabs scroll sideways: the chosen one is kept in view (opened by address, or by arrow keys).
  const tabsRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tab is what moves it
  useEffect(() => {
    tabsRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('admin.title')}</h1>
      <p className="mt-2 mb-6 text-muted-foreground">{t('admin.intro')}</p>
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'users' ? {} : { tab: value }, { replace: true })}>
        <div ref={tabsRef} className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <TabsList aria-label={t('admin.sections')} className="h-auto flex-nowrap justify-start">
            {ADMIN_TABS.map((entry) => (
              <TabsTrigger key={entry.value} value={entry.value} className="py-1.5">
                {entry.label()}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {ADMIN_TABS.map(({ value, label, Section }) => (
          <TabsContent key={value} value={value} className="mt-6">
            <RegionErrorBoundary title={t('admin.sectionFailed', { name: label() })} resetKeys={[tab]}>
              <Section />
            </RegionErrorBoundary>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
