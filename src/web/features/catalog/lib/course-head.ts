import type { PageHead } from '#shared/drawn-page';
import { htmlToPlainLines } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';

/** What a search result shows of a description: about two lines. */
const DESCRIPTION_MAX = 160;

function summary(html: string): string {
  const text = htmlToPlainLines(html).replace(/\s+/g, ' ').trim();
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/**
 * A course page's head (docs/product.md, Catalogue and course pages): its description, thumbnail as the preview
 * image, schema.org `Course` data with the language it is taught in, the provider, the offer and the rating, and no indexing of a draft or an
 * archived course.
 */
export function courseHead(course: Course): PageHead {
  const description = summary(course.description);
  return {
    ...(description ? { description } : {}),
    image: course.thumbnail,
    noindex: !course.published || course.archived,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: course.title,
      description: description || course.title,
      inLanguage: course.language,
      ...(course.thumbnail ? { image: course.thumbnail } : {}),
      provider: { '@type': 'Organization', name: 'Gradient Academy' },
      offers: {
        '@type': 'Offer',
        category: Number(course.price) > 0 ? 'Paid' : 'Free',
        price: course.price,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
      ...(course.rating !== null && course.ratingCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: course.rating,
              ratingCount: course.ratingCount,
              bestRating: 5,
            },
          }
        : {}),
    },
  };
}
