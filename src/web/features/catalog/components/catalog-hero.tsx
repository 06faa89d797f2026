import { ArrowDown, Award, BookOpenCheck, ListChecks } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';

const highlights = () => [
  { icon: BookOpenCheck, label: t('catalog.selfPaced') },
  { icon: ListChecks, label: t('catalog.quizzesAfterTopics') },
  { icon: Award, label: t('catalog.certificateOnCompletion') },
];

export function CatalogHero({ onExplore }: { onExplore: () => void }) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden border-b">
      <div className="hero-grid pointer-events-none absolute inset-0 -z-10" aria-hidden="true" />
      <div
        className="pointer-events-none absolute -top-40 left-1/2 -z-10 h-[32rem] w-[56rem] max-w-[200%] -translate-x-1/2 rounded-full bg-hero-glow blur-3xl"
        aria-hidden="true"
      />
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 pt-12 pb-12 text-center sm:px-6 sm:pt-16 sm:pb-14 lg:pt-20 lg:pb-16">
        <span className="mb-6 inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground shadow-sm backdrop-blur">
          <span className="size-1.5 rounded-full bg-gradient-to-r from-brand-from to-brand-to" aria-hidden="true" />
          {t('catalog.heroTag')}
        </span>
        <h1 id="hero-title" className="text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
          <RichText
            text={t('catalog.heroTitle')}
            tags={{
              accent: (words) => (
                <span className="bg-gradient-to-r from-brand-from via-brand-via to-brand-to bg-clip-text text-transparent">
                  {words}
                </span>
              ),
            }}
          />
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-balance text-muted-foreground sm:text-xl">{t('catalog.heroLead')}</p>
        <Button variant="gradient" size="lg" className="mt-10 h-12 px-8" onClick={onExplore}>
          {t('catalog.exploreCourses')}
          <ArrowDown aria-hidden="true" />
        </Button>
        <ul className="mt-12 flex flex-wrap justify-center gap-x-8 gap-y-3 text-sm text-muted-foreground">
          {highlights().map(({ icon: Icon, label }) => (
            <li key={label} className="flex items-center gap-2">
              <Icon className="size-4 text-primary" aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
